-- Jobs Overview, Timeline and Search on a year of bookings (issue 13; docs/performance.md).
-- The Timeline pages newest first by (occurred_at, id).
CREATE INDEX IF NOT EXISTS "booking_events_occurred_at_id_idx" ON "booking_events" USING btree ("occurred_at", "id");--> statement-breakpoint
-- The Jobs Overview's chip counts read a date range's statuses and drivers from the index alone.
CREATE INDEX IF NOT EXISTS "bookings_pickup_time_cover_idx" ON "bookings" USING btree ("pickup_time") INCLUDE ("status", "driver_id");--> statement-breakpoint
-- Substring and typo search need pg_trgm. PostgreSQL ships it; the embedded PGlite
-- loads it when the app opens it (src/server/db/connect.ts). Where it cannot be
-- created, search still finds exact substrings, only slower and without typos.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: search runs without trigram indexes';
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS bookings_reference_trgm_idx ON bookings USING gin (reference gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_passenger_name_trgm_idx ON bookings USING gin (passenger_name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_phone_trgm_idx ON bookings USING gin (phone gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_phone_digits_trgm_idx ON bookings USING gin ((regexp_replace(phone, '[^0-9]', '', 'g')) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_notes_trgm_idx ON bookings USING gin (notes gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_pickup_location_trgm_idx ON bookings USING gin (pickup_location gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS bookings_dropoff_location_trgm_idx ON bookings USING gin (dropoff_location gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS customers_name_trgm_idx ON customers USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS customers_phone_digits_trgm_idx ON customers USING gin ((regexp_replace(phone, '[^0-9]', '', 'g')) gin_trgm_ops);
  END IF;
END
$$;
