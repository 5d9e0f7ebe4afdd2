-- The last sign-in is stamped on the profile (decision 86): it was read from the
-- sessions, which sign-out and disabling delete. Kept from the sessions still on record.
ALTER TABLE "user_profiles" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_profiles" AS p SET "last_sign_in_at" = s.latest
FROM (SELECT "user_id", max("created_at") AS latest FROM "sessions" GROUP BY "user_id") AS s
WHERE s."user_id" = p."user_id";
