-- A fare given by hand (a PATCH naming fareAmount) is kept when a later edit changes the
-- route, vehicle or child seats (decision 94); a priced fare is priced again (decision 87).
-- Bookings before this migration count as priced, as decision 87 treated them.
ALTER TABLE "bookings" ADD COLUMN "fare_set_by_hand" boolean DEFAULT false NOT NULL;