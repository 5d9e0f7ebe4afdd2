import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite, connectPostgres, type Connection } from '../db/connect';
import { withDatabase } from '../test/global-setup';
import { multipartForm } from '../test/multipart';
import { createTestApp, createTestConnection, TEST_ORIGIN } from '../test/test-app';

// Issue 11: `npm run backup` writes one archive with the database and the
// uploaded files; `npm run restore` puts both back, and the app serves them.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Runs an npm script's file as `npm run` would, with its own environment. */
function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, `scripts/${script}.ts`), ...args],
    { cwd: ROOT, env: { ...inherited, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' },
  );
}

const ADMIN = { email: 'keeper@example.test', password: 'correct horse battery' };
// A 1x1 PNG and 64 kB of random bytes: a file whose every byte must come back.
const PHOTO = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  crypto.randomBytes(64 * 1024),
]);

/** Starts the app on a database and data directory, uploads a document; returns its id. */
async function uploadOnApp(connection: Connection, dataDir: string): Promise<string> {
  const t = await createTestApp({ DATA_DIR: dataDir }, { connection });
  try {
    const admin = await t.createUser({ role: 'admin', ...ADMIN });
    const body = multipartForm(
      { name: 'Insurance certificate', category: 'Legal' },
      { name: 'certificate.png', bytes: PHOTO },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().document.id;
  } finally {
    await t.close();
  }
}

/** Starts the app on the restored database and data directory and downloads the document. */
async function downloadOnApp(connection: Connection, dataDir: string, id: string) {
  const t = await createTestApp({ DATA_DIR: dataDir }, { connection });
  try {
    const cookie = await t.signIn(ADMIN.email, ADMIN.password);
    return await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/file`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
  } finally {
    await t.close();
  }
}

function archiveOf(output: string): string {
  const archive = /Backup written to (.+\.tar\.gz)/.exec(output)?.[1];
  expect(archive, output).toBeDefined();
  return archive!;
}

describe('backup and restore', () => {
  it(
    'round-trips the embedded database and the files: the restored app serves the document byte for byte',
    { timeout: 180_000 },
    async () => {
      const source = tempFolder();
      const target = tempFolder();
      const backups = tempFolder();
      const connection = await connectPglite(source);
      await connection.migrate();
      const id = await uploadOnApp(connection, source);

      const backup = runScript('backup', { DATA_DIR: source, BACKUP_DIR: backups });
      expect(backup.status, backup.stderr).toBe(0);
      const archive = archiveOf(backup.stdout);
      expect(fs.readdirSync(backups)).toEqual([path.basename(archive)]);

      const restore = runScript('restore', { DATA_DIR: target }, [archive]);
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/the database and 1 file\(s\)/);

      const restored = await connectPglite(target);
      await restored.migrate();
      const download = await downloadOnApp(restored, target, id);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.rawPayload.equals(PHOTO)).toBe(true);

      const again = runScript('restore', { DATA_DIR: target }, [archive]);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(
        'already holds a database: restore into a new, empty DATA_DIR',
      );
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'round-trips a PostgreSQL database and the files (skipped without DATABASE_URL)',
    { timeout: 180_000 },
    async () => {
      const source = tempFolder();
      const target = tempFolder();
      const backups = tempFolder();
      const connection = await createTestConnection();
      const sourceUrl = connection.pool!.options.connectionString!;
      const id = await uploadOnApp(await connectPostgres(sourceUrl), source);

      const backup = runScript('backup', {
        DATA_DIR: source,
        BACKUP_DIR: backups,
        DATABASE_URL: sourceUrl,
      });
      expect(backup.status, backup.stderr).toBe(0);
      await connection.close();

      // An empty database beside the run's others, dropped with them.
      const name = `chauffeur_t_${process.ppid}_restore_${crypto.randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const targetUrl = withDatabase(process.env.DATABASE_URL!, name);
      try {
        const restore = runScript('restore', { DATA_DIR: target, DATABASE_URL: targetUrl }, [
          archiveOf(backup.stdout),
        ]);
        expect(restore.status, restore.stderr).toBe(0);
        const restored = await connectPostgres(targetUrl);
        await restored.migrate();
        const download = await downloadOnApp(restored, target, id);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(PHOTO)).toBe(true);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
