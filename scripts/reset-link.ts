// `npm run reset-link -- <email>`: prints a password reset link for that
// user, for the owner at the server's console when nobody can sign in and no
// mail server is configured to send one (decision 237). With the embedded
// database, stop the app first: one process opens it at a time.
import { buildApp } from '../src/server/app';
import { resolveAuthSecret } from '../src/server/auth-secret';
import { ConfigError, loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { createResetLink } from '../src/server/features/users/reset-link';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run reset-link -- <email of the user>');
  process.exit(1);
}

try {
  const config = loadConfig();
  const connection = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await connection.migrate();
    const app = await buildApp({
      config,
      connection,
      authSecret: resolveAuthSecret(config),
      webRoot: null,
      logger: { level: 'warn' },
    });
    try {
      const link = await createResetLink(app, email);
      if (!link) {
        console.error(`No enabled user has the email ${email}.`);
        process.exitCode = 1;
      } else {
        console.log(
          `Open this link within an hour to choose a new password for ${email}:\n${link}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error,
  );
  process.exit(1);
}
