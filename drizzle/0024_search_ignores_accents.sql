-- Search ignores accents (decision 92): 'Zoe' finds 'Zoë', 'Nguyen' finds 'Nguyễn', and
-- 'Zoë' finds 'Zoe'. Both sides of every name and address comparison go through
-- search_fold (src/server/lib/search-fold.ts), and the trigram indexes hold the folded text.
-- unaccent ships with PostgreSQL; the embedded PGlite loads it when the app opens it
-- (src/server/db/connect.ts). Where it cannot be created, search_fold is the identity:
-- search works as before, accent-sensitive.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'unaccent is not available: search stays accent-sensitive';
END
$$;--> statement-breakpoint
-- IMMUTABLE so that indexes may hold it (unaccent() is only STABLE: its dictionary could
-- change, which ours never does). Every name is qualified: an index is rebuilt, and a dump
-- restored, with an empty search_path. Not inlined (it calls a STABLE function), so a query
-- names it as the indexes do; the identity is inlined, in the indexes and the queries alike,
-- which then ask plain column indexes.
DO $do$
DECLARE
  home text;
BEGIN
  SELECT n.nspname INTO home
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  IF home IS NULL THEN
    CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $fold$ SELECT $1 $fold$;
  ELSE
    EXECUTE format(
      $create$CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $fold$ SELECT %1$I.unaccent(%2$L::pg_catalog.regdictionary, $1) $fold$ $create$,
      home, format('%I.unaccent', home));
  END IF;
END
$do$;--> statement-breakpoint
-- The trigram indexes of the columns searched by name or address (0007, 0011, 0019) now
-- hold the folded text, the expressions the repositories compare; the unfolded ones are
-- no longer asked and go. Reference, phone and email are ASCII: their indexes stay.
-- Fast-update off, as 0017 set for every trigram index. Only with pg_trgm.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS bookings_passenger_name_folded_trgm_idx ON bookings
      USING gin ((search_fold(passenger_name)) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS bookings_notes_folded_trgm_idx ON bookings
      USING gin ((search_fold(notes)) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS bookings_pickup_location_folded_trgm_idx ON bookings
      USING gin ((search_fold(pickup_location)) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS bookings_dropoff_location_folded_trgm_idx ON bookings
      USING gin ((search_fold(dropoff_location)) gin_trgm_ops) WITH (fastupdate = off);
    -- bookingSearchText (booking-read-model.ts), folded: the same expression.
    CREATE INDEX IF NOT EXISTS bookings_search_text_folded_trgm_idx ON bookings USING gin ((
      search_fold(reference || E'\n' || passenger_name || E'\n' || phone || E'\n' || pickup_location
      || E'\n' || dropoff_location || E'\n' || notes || E'\n' || coalesce(account_code, ''))
    ) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_name_folded_trgm_idx ON customers
      USING gin ((search_fold(first_name || ' ' || last_name)) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_first_name_folded_trgm_idx ON customers
      USING gin ((search_fold(first_name)) gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS customers_last_name_folded_trgm_idx ON customers
      USING gin ((search_fold(last_name)) gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS bookings_passenger_name_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS bookings_notes_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS bookings_pickup_location_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS bookings_dropoff_location_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS bookings_search_text_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS customers_name_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS customers_first_name_trgm_idx;--> statement-breakpoint
DROP INDEX IF EXISTS customers_last_name_trgm_idx;
