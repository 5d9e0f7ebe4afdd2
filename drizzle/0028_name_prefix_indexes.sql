-- Search's name_start part (decision 151) asks for the names that start with what was
-- typed. The folded trigram indexes (0024) answer a prefix only by rechecking every row
-- holding its trigrams: for a surname ('Walker', in no name's first place) one booking and
-- one customer in eight, read for nothing. A btree over the lower-cased folded name
-- (text_pattern_ops, whatever the database's collation) answers it as a range; search_fold
-- is IMMUTABLE (0024), so it may be indexed. The expressions are those of the repositories'
-- startsFolded (src/server/lib/search-fold.ts): change one, change the other.
CREATE INDEX IF NOT EXISTS bookings_passenger_name_folded_prefix_idx ON bookings
  ((lower(search_fold(passenger_name))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customers_name_folded_prefix_idx ON customers
  ((lower(search_fold(first_name || ' ' || last_name))) text_pattern_ops);
