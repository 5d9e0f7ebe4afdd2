import { Column, getTableColumns, is, SQL, Table, type DriverValueDecoder } from 'drizzle-orm';

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

/**
 * A column's default as an insert without the value would get it (null when
 * it has none). A default the database computes (now(), a sequence) cannot
 * be had through the recordset: such a column must be left out of `keys` or
 * given a value.
 */
function defaultOf(column: Column): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (is(column.default, SQL)) {
    throw new Error(`${column.name}: its default is the database's; give it a value`);
  }
  return column.default ?? null;
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

/** What a select names: columns, SQL expressions, and whole tables (a nested object). */
export type Selection = Record<string, Column | SQL | Table>;

/**
 * Decodes a row of `select(selection)` read in array mode, as Drizzle's
 * select would (each column's or expression's own decoder, a table's columns
 * nested under its key), without its per-field generic mapping: a list page
 * of 50 bookings spent about a sixth of its server CPU there (decision 119).
 * The order is Drizzle's: the selection's keys in order, a table's columns
 * in the schema's order. Left-joined tables must be selected column by
 * column (no null-object folding is done).
 */
export function selectionDecoder<Row>(selection: Selection): (values: unknown[]) => Row {
  type Slot = { outer: string | null; key: string; decode: (value: unknown) => unknown };
  const slots: Slot[] = [];
  for (const [key, field] of Object.entries(selection)) {
    if (is(field, Table)) {
      for (const [inner, column] of Object.entries(getTableColumns(field))) {
        slots.push({ outer: key, key: inner, decode: (value) => column.mapFromDriverValue(value) });
      }
    } else if (is(field, Column)) {
      slots.push({ outer: null, key, decode: (value) => field.mapFromDriverValue(value) });
    } else {
      // The decoder `mapWith` sets (Drizzle's own mapping reads it too; its type is internal).
      const { decoder } = field as SQL & { decoder: DriverValueDecoder<unknown, unknown> };
      slots.push({ outer: null, key, decode: (value) => decoder.mapFromDriverValue(value) });
    }
  }
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < slots.length; index += 1) {
      const { outer, key, decode } = slots[index]!;
      const value = values[index];
      const decoded = value === null || value === undefined ? null : decode(value);
      if (outer === null) row[key] = decoded;
      else ((row[outer] ??= {}) as Record<string, unknown>)[key] = decoded;
    }
    return row as Row;
  };
}
