// `npm run seed`: migrates and loads the demo data into an empty database
// (the embedded one, or PostgreSQL when DATABASE_URL is set).
import { isDatabaseEmpty } from '../src/server/db/seed/seed-demo-data';
import { seedWithAuth } from '../src/server/server';
import { atConsole } from './console-app';

await atConsole(async ({ connection, app }) => {
  if (!(await isDatabaseEmpty(connection.db))) {
    console.log('The database already has data; nothing seeded.');
    return;
  }
  const summary = await seedWithAuth(await app());
  console.log('Seeded demo data:', summary);
});
