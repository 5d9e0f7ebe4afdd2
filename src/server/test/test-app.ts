import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '../../domain/access';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { connectPostgres, PGLITE_EXTENSIONS, wrapPglite, type Connection } from '../db/connect';
import { settings, userProfiles } from '../db/schema';
import { withDatabase } from './global-setup';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const TEST_ORIGIN = 'http://localhost:3000';

/** A fresh, migrated database: a copy of the run's PGlite template, or a PostgreSQL clone. */
export async function createTestConnection(): Promise<Connection> {
  const url = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    // The template's owner process id ties clones to this run for clean-up.
    const name = `chauffeur_t_${process.ppid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const connection = await connectPostgres(withDatabase(url, name));
    const close = connection.close;
    connection.close = async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
    return connection;
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(client);
}

/**
 * Another connection pool to the database behind `connection` (PostgreSQL
 * only): what a second app process on the same database would open.
 */
export async function connectSameDatabase(connection: Connection): Promise<Connection> {
  const url = connection.pool?.options.connectionString;
  if (connection.kind !== 'postgres' || !url) {
    throw new Error('A second connection needs PostgreSQL (PGlite is one process).');
  }
  return connectPostgres(url);
}

export type TestApp = {
  app: App;
  connection: Connection;
  config: Config;
  close(): Promise<void>;
  /** Creates a user through the auth library and gives them a role. */
  createUser(options?: {
    role?: Role | null;
    email?: string;
    password?: string;
    name?: string;
  }): Promise<TestUser>;
  /** Signs in and returns the Cookie header value for later requests. */
  signIn(email: string, password: string): Promise<string>;
};

export type TestUser = { id: string; email: string; password: string; cookie: string };

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    webRoot?: string | null;
    connection?: Connection;
    /** Adds test-only hooks before the app is ready. */
    beforeReady?: (app: App) => void;
    /**
     * Spec section 5's document rule (shift start, assignment, activation).
     * Off by default: other features' tests build drivers without papers, and
     * the documents tests turn it on. Off means no required types (decision 30).
     */
    documentRules?: 'enforced' | 'off';
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    ONLINE_BOOKING_LIMIT: '1000',
    ...overrides,
  });
  const connection = options.connection ?? (await createTestConnection());
  const app = await buildApp({
    config,
    connection,
    authSecret: TEST_SECRET,
    webRoot: options.webRoot ?? null,
  });
  options.beforeReady?.(app);
  await app.ready();
  if (options.documentRules !== 'enforced') {
    await connection.db
      .insert(settings)
      .values({ key: 'document_requirements', value: { driver: [], vehicle: [] } })
      .onConflictDoNothing();
  }
  let counter = 0;

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  return {
    app,
    connection,
    config,
    signIn,
    async createUser({
      role = null,
      email,
      password = 'correct horse battery',
      name = 'Test User',
    } = {}) {
      counter += 1;
      const address =
        email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const { user } = await app.auth.api.signUpEmail({
        body: { email: address, password, name },
      });
      await connection.db
        .insert(userProfiles)
        .values({ userId: user.id, role })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { role } });
      return { id: user.id, email: address, password, cookie: await signIn(address, password) };
    },
    async close() {
      await app.close();
      await connection.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
