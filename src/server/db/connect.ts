import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Database, DatabaseKind } from './database';
import { lockDataDir } from './data-dir-lock';
import {
  applyPgliteDurability,
  pgliteDurabilityOptions,
  type PgliteDurability,
} from './pglite-durability';

/**
 * Extensions every embedded database is opened with: a data directory whose
 * indexes use one cannot be read without it (pg_trgm: search, migration 0007;
 * unaccent: search ignoring accents, migration 0024).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

export type Connection = {
  db: Database;
  kind: DatabaseKind;
  /** The raw client, for LISTEN/NOTIFY and dumps. */
  pglite?: PGlite;
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

// numeric stays a string (exact money); bigint (count(*)) becomes a number on
// both drivers so repositories need not care which one answered.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function connectPostgres(url: string): Promise<Connection> {
  // PostgreSQL's JIT compiler off for every connection: the app runs short
  // queries, and compiling one costs more than running it (0.7 s of a 0.9 s
  // Jobs count on 500,000 bookings before decision 53; decision 63).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async () => {
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** Opens an already-created PGlite instance (tests load one from a template). */
export function wrapPglite(client: PGlite, onClose?: () => Promise<void>): Connection {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      if (!client.closed) {
        // PGlite runs with fsync off: checkpoint so what is committed is on disk.
        await client.query('CHECKPOINT');
        await client.close();
      }
      await onClose?.();
    },
  };
}

export async function connectPglite(
  dataDir: string,
  durability: PgliteDurability = 'relaxed',
): Promise<Connection> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      extensions: PGLITE_EXTENSIONS,
      ...pgliteDurabilityOptions(durability),
    });
    await applyPgliteDurability(client, durability);
    return wrapPglite(client, release);
  } catch (error) {
    await release();
    throw error;
  }
}

export async function connect(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgliteDurability?: PgliteDurability;
}): Promise<Connection> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl)
    : connectPglite(options.dataDir, options.pgliteDurability);
}
