-- The Timeline filtered by driver (issue 13; docs/performance.md, decision 53). The driver an
-- event is about was read per row from its JSON or its booking, which no index serves: on 3
-- million events PostgreSQL walked the newest events joining each to its booking (0.4-0.7 s).
-- It is now stored on the event when it is written, and indexed with the Timeline's order.
ALTER TABLE "booking_events" ADD COLUMN "driver_id" uuid;--> statement-breakpoint
-- The driver an event is about: the one it assigned, or took off (declined, returned to
-- dispatch), or who accepted or was flagged; else the booking's driver (kept current below).
-- A driver id in the JSON that is not a uuid is ignored (none is written, but history is kept).
CREATE OR REPLACE FUNCTION booking_event_driver(changes jsonb, booking_driver uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN named ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN named::uuid
    WHEN named IS NULL THEN booking_driver
  END
  FROM (SELECT CASE jsonb_typeof(changes -> 'driverId')
      WHEN 'object' THEN coalesce(changes -> 'driverId' ->> 'to', changes -> 'driverId' ->> 'from')
      WHEN 'string' THEN changes ->> 'driverId'
    END AS named) AS event
$$;--> statement-breakpoint
UPDATE "booking_events" AS e SET "driver_id" = booking_event_driver(e.changes, b.driver_id)
FROM "bookings" AS b WHERE b.id = e.booking_id;--> statement-breakpoint
-- Every writer gets it without naming it: an event written without a driver takes the one its
-- JSON names, else its booking's driver at that moment.
CREATE OR REPLACE FUNCTION booking_events_set_driver() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.driver_id IS NULL THEN
    NEW.driver_id := booking_event_driver(
      NEW.changes, (SELECT driver_id FROM bookings WHERE id = NEW.booking_id));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER booking_events_set_driver BEFORE INSERT ON "booking_events"
FOR EACH ROW EXECUTE FUNCTION booking_events_set_driver();--> statement-breakpoint
-- An event that names no driver is about its booking's driver now (as the Timeline read it
-- before): when a booking gets, changes or loses its driver, so do those events. This also
-- fills a booking and its 'created' event written by one statement (bookings created with
-- their events in one insert), where the event's trigger cannot see the booking yet.
CREATE OR REPLACE FUNCTION bookings_set_event_driver() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_events SET driver_id = NEW.driver_id
  WHERE booking_id = NEW.id AND driver_id IS DISTINCT FROM NEW.driver_id
    AND booking_event_driver(changes, NULL) IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_set_event_driver_on_insert AFTER INSERT ON "bookings"
FOR EACH ROW WHEN (NEW.driver_id IS NOT NULL) EXECUTE FUNCTION bookings_set_event_driver();--> statement-breakpoint
CREATE TRIGGER bookings_set_event_driver_on_update AFTER UPDATE OF driver_id ON "bookings"
FOR EACH ROW WHEN (NEW.driver_id IS DISTINCT FROM OLD.driver_id)
EXECUTE FUNCTION bookings_set_event_driver();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_events_driver_id_occurred_at_idx" ON "booking_events" USING btree ("driver_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
-- Search's trigram indexes (0007, 0011) write without a pending list. A GIN index keeps new
-- entries in a pending list that every search reads through until VACUUM merges it; the
-- embedded PGlite has no autovacuum, so the list stayed up to 4 MB per index and each search
-- read it: 30-70 ms per index and query on 50,000 bookings, and plans that avoided the
-- indexes. The lists are merged now and new rows go straight into the index (decision 53).
DO $$
DECLARE
  idx regclass;
BEGIN
  FOR idx IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND c.relname LIKE '%\_trgm\_idx' AND c.relkind = 'i'
  LOOP
    PERFORM gin_clean_pending_list(idx);
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', idx);
  END LOOP;
END
$$;
