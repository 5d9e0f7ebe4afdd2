DROP INDEX "bookings_status_pickup_time_idx";--> statement-breakpoint
CREATE INDEX "bookings_status_pickup_time_idx" ON "bookings" USING btree ("status","pickup_time","id");