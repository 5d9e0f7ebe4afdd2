// `npm run seed`: migrates and loads the demo data into an empty database
// (the embedded one, or PostgreSQL when DATABASE_URL is set).
import { buildApp } from '../src/server/app';
import { resolveAuthSecret } from '../src/server/auth-secret';
import { ConfigError, loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { isDatabaseEmpty } from '../src/server/db/seed/seed-demo-data';
import { seedWithAuth } from '../src/server/server';

try {
  const config = loadConfig();
  const connection = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await connection.migrate();
    if (!(await isDatabaseEmpty(connection.db))) {
      console.log('The database already has data; nothing seeded.');
    } else {
      const app = await buildApp({
        config,
        connection,
        authSecret: resolveAuthSecret(config),
        webRoot: null,
      });
      const summary = await seedWithAuth(app);
      console.log('Seeded demo data:', summary);
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
