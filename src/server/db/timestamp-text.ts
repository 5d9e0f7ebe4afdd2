import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as PostgreSQL holds it, to the microsecond
 * ('2030-01-15T02:00:00.123456Z'). Keyset cursors are built from it: a
 * JavaScript Date rounds to the millisecond, and the rows one transaction
 * writes share one now() to the microsecond, so a rounded cursor skips them.
 */
export function isoMicros(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
