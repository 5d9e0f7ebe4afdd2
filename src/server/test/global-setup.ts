import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, PGLITE_EXTENSIONS, wrapPglite } from '../db/connect';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite data-dir dump that every test copies
 * (creating a PGlite database costs seconds), and with DATABASE_URL a
 * PostgreSQL template database that every test clones.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-test-'));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const connection = wrapPglite(client);
  await connection.migrate();
  const dump = await client.dumpDataDir('none');
  const templateFile = path.join(dir, 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', templateFile);

  const url = process.env.DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `chauffeur_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const templateConnection = await connectPostgres(templateUrl);
    await templateConnection.migrate();
    await templateConnection.close();
    await admin.end();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'chauffeur_t_${process.pid}_%' or datname = $1`,
        [templateName],
      );
      for (const row of rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
