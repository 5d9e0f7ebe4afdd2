import { getTableColumns, is, SQL, type Column, type Table } from 'drizzle-orm';

// Rows written and read by hand-written SQL on a hot path, in Drizzle's
// shapes: a statement built by Drizzle's query builder costs more to build
// than to run (a booking creation spent about a third of its CPU building its
// statements, decision 118). Rows go in as one jsonb parameter read by
// jsonb_populate_recordset, so the SQL text is the same whatever the rows;
// rows come back decoded by each column's own mapFromDriverValue, as Drizzle
// would, without its per-field generic mapping.

type Columns<T extends Table> = [key: keyof T['$inferSelect'] & string, column: Column][];

function columnsOf<T extends Table>(table: T): Columns<T> {
  return Object.entries(getTableColumns(table)) as Columns<T>;
}

/** A column's default as an insert without the value would get it, or undefined for the database's own. */
function defaultOf(column: Column): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (column.default === undefined || is(column.default, SQL)) return undefined;
  return column.default;
}

/**
 * The rows as one JSON array keyed by column name, for
 * `jsonb_populate_recordset(null::<table>, $1)`: `keys` are the columns the
 * statement inserts; a row's undefined value takes the column's default (as
 * Drizzle's insert does); dates go as ISO 8601.
 */
export function recordsetJson<T extends Table>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly T['$inferInsert'][],
): string {
  const columns = getTableColumns(table);
  const named = keys.map((key) => [key, columns[key]!] as const);
  return JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of named) {
        const value = (row as Record<string, unknown>)[key];
        record[column.name] = value === undefined ? defaultOf(column) : value;
      }
      return record;
    }),
  );
}

/** The database's names of `keys`, comma-separated and quoted, for a statement's column list. */
export function columnList<T extends Table>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
): string {
  const columns = getTableColumns(table);
  return keys.map((key) => `"${columns[key]!.name}"`).join(', ');
}

/** Decodes a row of `select *` (or `returning *`) from `table` as Drizzle's select would. */
export function rowDecoder<T extends Table>(
  table: T,
): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = columnsOf(table);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
