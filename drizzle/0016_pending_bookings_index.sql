-- The dashboard's overdue-pending and unassigned-soon alerts read only pending bookings
-- (issue 14: the overdue alert scanned 445,000 rows of a year of bookings on PostgreSQL).
CREATE INDEX "bookings_pending_pickup_time_idx" ON "bookings" USING btree ("pickup_time") WHERE "bookings"."status" = 'pending';