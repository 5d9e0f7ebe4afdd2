-- The Jobs Overview's chips count (issue 13; docs/performance.md, decision 53). Its
-- needs-attention rule asks, for each pending or assigned booking of the range, for the
-- booking's last 'assigned' event and a 'declined' one since: on 3 million events that was
-- every event of each booking read through booking_events_booking_id_idx and filtered by
-- type (146,000 buffers, 0.5 s for a week). Partial indexes answer both from the index alone.
CREATE INDEX "booking_events_assigned_idx" ON "booking_events" USING btree ("booking_id","id","occurred_at") WHERE "booking_events"."type" = 'assigned';--> statement-breakpoint
CREATE INDEX "booking_events_declined_idx" ON "booking_events" USING btree ("booking_id","id") WHERE "booking_events"."type" = 'declined';--> statement-breakpoint
-- The count reads status, driver and acknowledgement of every booking in the range: with
-- them (and the id) in 0007's covering pickup-time index it is an index-only scan, so the
-- page query too. It replaces that index (same key, more columns).
CREATE INDEX IF NOT EXISTS "bookings_pickup_time_jobs_idx" ON "bookings" USING btree ("pickup_time") INCLUDE ("status", "driver_id", "acknowledged_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_pickup_time_cover_idx";
