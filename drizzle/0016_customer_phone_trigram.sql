-- Customer search matches first + last name, email and phone with one OR
-- (customers-repository.ts). The name and email arms have trigram indexes
-- (0007, 0011) but the phone arm matches the stored phone itself, which only
-- the digits-expression index covered, so every search was a sequential scan:
-- 89-180 ms on 50,000 customers, 20 ms and 0.2 ms with this index (a common
-- surname, a rare name). Only where pg_trgm is available, as in 0007.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS customers_phone_trgm_idx ON customers USING gin (phone gin_trgm_ops);
  END IF;
END
$$;
