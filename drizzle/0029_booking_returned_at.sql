-- A job handed back to dispatch (its driver suspended or on leave) needs a new driver however
-- far off its pickup is, as a declined one does: the Jobs Overview's needs-attention rule asks
-- whether it was returned since its last assignment. As with the decline (0021, decision 63),
-- that time is on the booking, kept by the same trigger on its events, and in the pickup-time
-- covering index, so the count still reads the index alone.
ALTER TABLE "bookings" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
-- The trigger's probe for a return since the last assignment (0018's declined index's twin).
CREATE INDEX "booking_events_returned_idx" ON "booking_events" USING btree ("booking_id","id") WHERE "booking_events"."type" = 'returned-to-dispatch';--> statement-breakpoint
-- History as the read model read it before this column: the last 'returned-to-dispatch' event
-- by id, when no assignment followed it.
WITH last_returned AS (
  SELECT DISTINCT ON (booking_id) booking_id, id, occurred_at
  FROM booking_events WHERE type = 'returned-to-dispatch'
  ORDER BY booking_id, id DESC
), last_assigned AS (
  SELECT booking_id, max(id) AS id FROM booking_events WHERE type = 'assigned'
  GROUP BY booking_id
)
UPDATE "bookings" AS b SET "returned_at" = r.occurred_at
FROM last_returned AS r LEFT JOIN last_assigned AS a ON a.booking_id = r.booking_id
WHERE r.booking_id = b.id AND r.id > coalesce(a.id, 0);--> statement-breakpoint
-- 0021's function, reading the return too. returnJobsToDispatch sets returned_at in its own
-- UPDATE of the bookings (and assign clears it), so on those paths the trigger writes nothing.
CREATE OR REPLACE FUNCTION booking_events_set_assignment_times() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_assigned_id bigint;
  assigned timestamp with time zone;
  declined timestamp with time zone;
  returned timestamp with time zone;
BEGIN
  SELECT max(id) INTO last_assigned_id FROM booking_events
  WHERE booking_id = NEW.booking_id AND type = 'assigned';
  SELECT occurred_at INTO assigned FROM booking_events WHERE id = last_assigned_id;
  SELECT occurred_at INTO declined FROM booking_events
  WHERE booking_id = NEW.booking_id AND type = 'declined' AND id > coalesce(last_assigned_id, 0)
  ORDER BY id DESC LIMIT 1;
  SELECT occurred_at INTO returned FROM booking_events
  WHERE booking_id = NEW.booking_id AND type = 'returned-to-dispatch'
    AND id > coalesce(last_assigned_id, 0)
  ORDER BY id DESC LIMIT 1;
  UPDATE bookings SET assigned_at = assigned, declined_at = declined, returned_at = returned
  WHERE id = NEW.booking_id
    AND (assigned_at IS DISTINCT FROM assigned OR declined_at IS DISTINCT FROM declined
      OR returned_at IS DISTINCT FROM returned);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS booking_events_set_assignment_times_on_insert ON "booking_events";--> statement-breakpoint
CREATE TRIGGER booking_events_set_assignment_times_on_insert AFTER INSERT ON "booking_events"
FOR EACH ROW WHEN (NEW.type IN ('assigned', 'declined', 'returned-to-dispatch'))
EXECUTE FUNCTION booking_events_set_assignment_times();--> statement-breakpoint
DROP TRIGGER IF EXISTS booking_events_set_assignment_times_on_update ON "booking_events";--> statement-breakpoint
CREATE TRIGGER booking_events_set_assignment_times_on_update
AFTER UPDATE OF "type", "occurred_at" ON "booking_events"
FOR EACH ROW WHEN (OLD.type IN ('assigned', 'declined', 'returned-to-dispatch')
  OR NEW.type IN ('assigned', 'declined', 'returned-to-dispatch'))
EXECUTE FUNCTION booking_events_set_assignment_times();--> statement-breakpoint
-- 0021's covering index with the return time: it replaces it (same key, one more column).
CREATE INDEX IF NOT EXISTS "bookings_pickup_time_needs_attention_idx" ON "bookings" USING btree ("pickup_time") INCLUDE ("status", "driver_id", "acknowledged_at", "assigned_at", "declined_at", "returned_at", "id", "fare_amount", "vehicle_type", "source", "account_code");--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_pickup_time_attention_idx";
