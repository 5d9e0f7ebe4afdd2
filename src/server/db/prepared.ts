import { is, type Query } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

// Prepared statements for the hot queries (issue 14): Drizzle builds the SQL
// text of a query once, at .prepare(name), and each run only fills in the
// placeholders (sql.placeholder); node-postgres also parses a named statement
// once per connection. A prepared statement is only ever for one shape of
// query: a list whose filters come and go has one statement per set of
// filters present, each value a placeholder.
//
// The trap: a statement prepared on the database runs on the database's own
// client (the pool, or PGlite outside its transaction lock), never inside a
// transaction that is open (drizzle-orm issues 613 and 2826). So statements
// are kept per database; given a transaction, a statement is built for that
// call alone and nothing is saved.

/**
 * Keeps one prepared statement (or a set of them) per database and shape.
 * `build` receives the statement name to prepare under: the same shape gets
 * the same name on every database, and the name stays short (PostgreSQL cuts
 * names at 63 bytes, which could give two shapes one name).
 */
export function preparedStatements<Statement>(prefix: string) {
  const names = new Map<string, string>();
  const byDatabase = new WeakMap<Executor, Map<string, Statement>>();
  return (db: Executor, shape: string, build: (name: string) => Statement): Statement => {
    let name = names.get(shape);
    if (name === undefined) {
      name = `${prefix}_${names.size + 1}`;
      names.set(shape, name);
    }
    if (is(db, PgTransaction)) return build(name);
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      byDatabase.set(db, statements);
    }
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = build(name);
      statements.set(shape, statement);
    }
    return statement;
  };
}

/**
 * A prepared statement whose rows `decode` reads in array mode, instead of
 * Drizzle's generic mapping (recordset.ts, `selectionDecoder`). `query` is a
 * builder's `toSQL()`, placeholders included.
 */
export function prepareDecoded<Row>(
  db: Executor,
  query: Query,
  name: string,
  decode: (values: unknown[]) => Row,
) {
  return db._.session.prepareQuery<{ execute: Row[]; all: Row[]; values: unknown[][] }>(
    query,
    undefined,
    name,
    true,
    (rows) => (rows as unknown[][]).map(decode),
  );
}
