ALTER TABLE "bookings" ADD COLUMN "wheelchair_passengers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "journey_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "journey_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fare_components" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "resend_of" uuid;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_wheelchair_passengers_check" CHECK ("bookings"."wheelchair_passengers" between 0 and "bookings"."num_passengers");--> statement-breakpoint
-- Journeys finished before these columns existed: their times from the events.
UPDATE "bookings" SET "journey_started_at" = e."at" FROM (SELECT "booking_id", max("occurred_at") AS "at" FROM "booking_events" WHERE "to_status" = 'on-board' GROUP BY "booking_id") e WHERE e."booking_id" = "bookings"."id";--> statement-breakpoint
UPDATE "bookings" SET "journey_ended_at" = e."at" FROM (SELECT "booking_id", max("occurred_at") AS "at" FROM "booking_events" WHERE "to_status" = 'completed' GROUP BY "booking_id") e WHERE e."booking_id" = "bookings"."id";
