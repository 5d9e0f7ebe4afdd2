-- The dashboard's 'mail-unsent' alert counts the mails not sent on every load (decision 209):
-- with a mail server set up they are a handful among every mail ever sent, found by this
-- partial index instead of a scan of the whole outbox.
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;
