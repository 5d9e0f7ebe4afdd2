// The server's database and app for a command run at the console (`npm run
// seed`, `npm run reset-link`): the configuration, the migrated database, and
// the app built on demand, closed at the end; a configuration or locked data
// directory ends the command with its message.
import { buildApp, type App } from '../src/server/app';
import { resolveAuthSecret } from '../src/server/auth-secret';
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { connect, type Connection } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

export type ConsoleContext = {
  config: Config;
  connection: Connection;
  /** The app on this database (no log), built the first time it is asked for. */
  app(): Promise<App>;
};

/** Runs `task` on the configured database; exits 1 with the message on a configuration or lock error. */
export async function atConsole(task: (context: ConsoleContext) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const connection = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    let built: Promise<App> | undefined;
    try {
      await connection.migrate();
      await task({
        config,
        connection,
        app: () =>
          (built ??= buildApp({
            config,
            connection,
            authSecret: resolveAuthSecret(config),
            webRoot: null,
          })),
      });
    } finally {
      if (built) await (await built).close();
      await connection.close();
    }
  } catch (error) {
    console.error(
      error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error,
    );
    process.exit(1);
  }
}
