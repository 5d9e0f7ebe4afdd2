import { buildApp, type App } from './app';
import { resolveAuthSecret } from './auth-secret';
import { ConfigError, loadConfig, startupWarnings, type Config } from './config';
import { connect, type Connection } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { fileStoreFor } from './features/documents/file-store';
import { openSetupIfNoAdmin } from './features/setup/first-admin';
import {
  DEMO_PASSWORD,
  existingDemoUsers,
  isDatabaseEmpty,
  seedDemoData,
  type DEMO_USERS,
} from './db/seed/seed-demo-data';

export async function seedWithAuth(app: App, now = new Date()) {
  const files = fileStoreFor(app.config);
  return seedDemoData(app.db, {
    now,
    storeFile: (bytes, contentType) => files.put(bytes, contentType),
    createUser: async ({ email, password, name }) => {
      const result = await app.auth.api.signUpEmail({ body: { email, password, name } });
      return result.user.id;
    },
  });
}

async function shouldSeed(config: Config, connection: Connection): Promise<boolean> {
  if (config.SEED_DEMO_DATA === 'never') return false;
  // A PostgreSQL server is never seeded unless asked (npm run seed).
  if (connection.kind === 'postgres' && config.SEED_DEMO_DATA !== 'always') return false;
  return isDatabaseEmpty(connection.db);
}

export type StartedServer = {
  app: App;
  connection: Connection;
  url: string;
  /**
   * Work to finish on a signal before the server stops answering (e.g. the
   * demo simulation's drivers ending their shifts through the API).
   */
  beforeClose(task: () => Promise<void>): void;
};

export type StartOptions = {
  /** `npm start` seeded the new embedded database in a child process just before (scripts/start.ts). */
  seededBefore?: boolean;
};

/** Connects, migrates, seeds an empty embedded database, listens, and closes cleanly on a signal. */
export async function startServer(
  config: Config,
  { seededBefore = false }: StartOptions = {},
): Promise<StartedServer> {
  const started = performance.now();
  const connection = await connect({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    pgliteDurability: config.PGLITE_DURABILITY,
  });
  let app: App | undefined;
  const beforeClose: (() => Promise<void>)[] = [];
  const shutdown = async (signal: string) => {
    app?.log.info(`${signal} received: closing`);
    try {
      for (const task of beforeClose) {
        await task().catch((error: unknown) => app?.log.error({ err: error }, 'Before close'));
      }
      await app?.close();
    } finally {
      await connection.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await connection.migrate();
    app = await buildApp({
      config,
      connection,
      authSecret: resolveAuthSecret(config),
      logger: { level: config.LOG_LEVEL },
    });
    for (const warning of startupWarnings(config)) app.log.warn(warning);
    let seeded = seededBefore;
    if (await shouldSeed(config, connection)) {
      const summary = await seedWithAuth(app);
      app.log.info({ summary }, 'Seeded demo data');
      seeded = true;
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;
    const demoUsers = await existingDemoUsers(connection.db);
    // Without an admin nobody could ever give a role: the owner makes the first one.
    const setupUrl = await openSetupIfNoAdmin(connection.db, config.publicUrl);
    if (setupUrl) {
      app.log.warn(
        { setupUrl },
        'No administrator yet: open the setup link to create the first one (it works until one exists)',
      );
    }
    printBanner({
      url,
      database: connection.kind,
      seeded,
      ms: performance.now() - started,
      demoUsers,
      setupUrl,
    });
    return { app, connection, url, beforeClose: (task) => void beforeClose.push(task) };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    throw error;
  }
}

/**
 * What a start prints: where the app runs; the demo accounts, only those the
 * database has; and, while no admin exists, the setup link for the first one.
 */
export function printBanner(options: {
  url: string;
  database: string;
  seeded: boolean;
  ms: number;
  demoUsers: readonly (typeof DEMO_USERS)[number][];
  setupUrl: string | null;
}): void {
  const { url, database, seeded, ms, demoUsers, setupUrl } = options;
  const lines = [
    '',
    `  Perth Chauffeur Ops is running at ${url}  (${database}, ready in ${Math.round(ms)} ms${seeded ? ', demo data seeded' : ''})`,
    '',
  ];
  if (demoUsers.length > 0) {
    lines.push(
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...demoUsers.map((user) => `    ${user.email.padEnd(24)} ${user.role}`),
      '',
    );
  }
  if (setupUrl) {
    lines.push(
      '  No administrator yet. Open this link to create the first one (it works until one exists):',
      `    ${setupUrl}`,
      '',
    );
  }
  console.log(lines.join('\n'));
}

export async function main(options: StartOptions = {}): Promise<StartedServer> {
  try {
    return await startServer(loadConfig(), options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
