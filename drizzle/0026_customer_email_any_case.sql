-- Emails are matched in any case: a booking's customer (decision 120), the duplicate checks and
-- imports compare lower(email). The plain index served no query; a new customer's booking
-- read every customer to find none.
DROP INDEX "customers_email_idx";--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email"));