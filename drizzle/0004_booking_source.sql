ALTER TABLE "bookings" DROP CONSTRAINT "bookings_source_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_source_check" CHECK ("bookings"."source" in ('dispatch', 'online', 'multi', 'import', 'api'));--> statement-breakpoint
-- Multi Booking stored its rows as 'dispatch'. Its rows are the ones written
-- together: one transaction (so one created_at), one dispatcher, one trip and
-- passenger, several pickup times, no shuttle run.
UPDATE "bookings" AS "b" SET "source" = 'multi'
FROM (
  SELECT "created_at", "created_by", "pickup_location", "dropoff_location", "passenger_name"
  FROM "bookings"
  WHERE "source" = 'dispatch' AND NOT "is_shuttle"
  GROUP BY "created_at", "created_by", "pickup_location", "dropoff_location", "passenger_name"
  HAVING count(*) > 1 AND count(DISTINCT "pickup_time") = count(*)
) AS "m"
WHERE "b"."source" = 'dispatch' AND NOT "b"."is_shuttle"
  AND "b"."created_at" = "m"."created_at"
  AND "b"."created_by" IS NOT DISTINCT FROM "m"."created_by"
  AND "b"."pickup_location" = "m"."pickup_location"
  AND "b"."dropoff_location" = "m"."dropoff_location"
  AND "b"."passenger_name" = "m"."passenger_name";
