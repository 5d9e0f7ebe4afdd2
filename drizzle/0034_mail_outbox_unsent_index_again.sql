-- Migration 0032 was journalled with a time before 0031's, and the migrator applies only
-- what is newer than the last migration a database has: a database migrated to 0031 before
-- 0032 existed never got its index. Made again where it is missing (decision 231).
CREATE INDEX IF NOT EXISTS "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;
