import fp from 'fastify-plugin';
import type { Connection } from '../../db/connect';
import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection the app was built on (PGlite, or a PostgreSQL pool). */
    connection: Connection;
    db: Database;
  }
}

/** The database. The caller opens, migrates and closes the connection; the app only uses it. */
export const databasePlugin = fp<{ connection: Connection }>(
  async (app, { connection }) => {
    app.decorate('connection', connection);
    app.decorate('db', connection.db);
  },
  { name: 'database' },
);
