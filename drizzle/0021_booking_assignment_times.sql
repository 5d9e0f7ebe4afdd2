-- The Jobs Overview's chips count (issue 13; docs/performance.md, decision 63). Its
-- needs-attention rule asks, for each pending or assigned booking of the range, when it was
-- last assigned and whether it was declined since: after 0018 that was one probe of
-- booking_events per booking (7,300 a week on the bench's year of bookings), half of the
-- count's time. The two times are now on the booking, kept by a trigger on its events, and in
-- the pickup-time covering index, so the count reads the index alone.
ALTER TABLE "bookings" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
-- History as the read model reads it: the last 'assigned' event by id, and the last 'declined'
-- one when no assignment followed it.
WITH last_event AS (
  SELECT DISTINCT ON (booking_id, type) booking_id, type, id, occurred_at
  FROM booking_events WHERE type IN ('assigned', 'declined')
  ORDER BY booking_id, type, id DESC
), times AS (
  SELECT booking_id,
    max(id) FILTER (WHERE type = 'assigned') AS assigned_id,
    max(occurred_at) FILTER (WHERE type = 'assigned') AS assigned_at,
    max(id) FILTER (WHERE type = 'declined') AS declined_id,
    max(occurred_at) FILTER (WHERE type = 'declined') AS declined_at
  FROM last_event GROUP BY booking_id
)
UPDATE "bookings" AS b SET
  "assigned_at" = t.assigned_at,
  "declined_at" = CASE WHEN t.declined_id > coalesce(t.assigned_id, 0) THEN t.declined_at END
FROM times AS t WHERE t.booking_id = b.id;--> statement-breakpoint
-- Every writer gets them right whether it names them or not: whenever an assignment or a
-- decline is recorded (or its time corrected), the booking's two times are read again from its
-- events, through 0018's partial indexes, and written if they differ. In one insert of several
-- events the rows' triggers run after the statement, so each reads the final history. The
-- assign and decline writes set both in their own UPDATE of the booking, so on that path the
-- trigger reads and writes nothing: a second row version would update every index of the
-- booking again, trigram ones included.
CREATE OR REPLACE FUNCTION booking_events_set_assignment_times() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_assigned_id bigint;
  assigned timestamp with time zone;
  declined timestamp with time zone;
BEGIN
  SELECT max(id) INTO last_assigned_id FROM booking_events
  WHERE booking_id = NEW.booking_id AND type = 'assigned';
  SELECT occurred_at INTO assigned FROM booking_events WHERE id = last_assigned_id;
  SELECT occurred_at INTO declined FROM booking_events
  WHERE booking_id = NEW.booking_id AND type = 'declined' AND id > coalesce(last_assigned_id, 0)
  ORDER BY id DESC LIMIT 1;
  UPDATE bookings SET assigned_at = assigned, declined_at = declined
  WHERE id = NEW.booking_id
    AND (assigned_at IS DISTINCT FROM assigned OR declined_at IS DISTINCT FROM declined);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER booking_events_set_assignment_times_on_insert AFTER INSERT ON "booking_events"
FOR EACH ROW WHEN (NEW.type IN ('assigned', 'declined'))
EXECUTE FUNCTION booking_events_set_assignment_times();--> statement-breakpoint
CREATE TRIGGER booking_events_set_assignment_times_on_update
AFTER UPDATE OF "type", "occurred_at" ON "booking_events"
FOR EACH ROW WHEN (OLD.type IN ('assigned', 'declined') OR NEW.type IN ('assigned', 'declined'))
EXECUTE FUNCTION booking_events_set_assignment_times();--> statement-breakpoint
-- 0020's covering index with the two times: it replaces it (same key, more columns).
CREATE INDEX IF NOT EXISTS "bookings_pickup_time_attention_idx" ON "bookings" USING btree ("pickup_time") INCLUDE ("status", "driver_id", "acknowledged_at", "assigned_at", "declined_at", "id", "fare_amount", "vehicle_type", "source", "account_code");--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_pickup_time_filters_idx";
