-- search_fold (0024) called unaccent() through a SQL function that PostgreSQL cannot
-- inline (unaccent is STABLE), so every name and address a search compares or ranks paid a
-- SQL-function call: 26 ms of a 57 ms customers search for 'Walker' on 50,000 customers
-- went to rechecking 6,250 folded names (docs/performance.md, decision 170). Declared
-- IMMUTABLE over the same C entry point as unaccent(regdictionary, text), the call is
-- inlined into the indexes' expressions and the queries' alike, and a fold costs a third.
-- Declaring a C function needs a superuser (the app's own PostgreSQL, PGlite); where the
-- role may not, search_fold stays as 0024 made it: the same text, only slower. The folded
-- text is the same either way, so no index is rebuilt.
DO $do$
DECLARE
  home text;
BEGIN
  SELECT n.nspname INTO home
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  IF home IS NULL THEN
    RETURN;
  END IF;
  BEGIN
    EXECUTE format(
      $create$CREATE OR REPLACE FUNCTION %1$I.search_unaccent(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict'$create$,
      home);
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'search_fold stays a call of unaccent(): this role may not declare a C function';
    RETURN;
  END;
  EXECUTE format(
    $create$CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $fold$ SELECT %1$I.search_unaccent(%2$L::pg_catalog.regdictionary, $1) $fold$ $create$,
    home, format('%I.unaccent', home));
END
$do$;
