-- The Jobs Overview's and Job History's free text (issue 13; docs/performance.md). It matches a
-- booking whose reference, passenger, phone, addresses, notes or account contain the text, an OR
-- of seven columns that no one index answers: every booking of the date range was read and each
-- of its columns compared (the phone's digits with a regular expression): 60-90 ms for a week of
-- 500,000 bookings. The columns joined by newlines (bookingSearchText, booking-read-model.ts;
-- the same expression) are indexed here, so the candidates come from this index and the phone
-- digits one (0007). Fast-update off, as 0017 set for every trigram index. Only with pg_trgm.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS bookings_search_text_trgm_idx ON bookings USING gin ((
      reference || E'\n' || passenger_name || E'\n' || phone || E'\n' || pickup_location
      || E'\n' || dropoff_location || E'\n' || notes || E'\n' || coalesce(account_code, '')
    ) gin_trgm_ops) WITH (fastupdate = off);
  END IF;
END
$$;
