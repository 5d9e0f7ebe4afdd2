import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from './connect';

// Drizzle's migrator applies only the migrations journalled after the last one
// a database has: a migration whose `when` is not after every earlier one is
// skipped on every database that had those (0032 was, decision 231).

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
) as Journal;

describe('the migration journal', () => {
  it('journals every migration after the one before it, or the migrator skips it', () => {
    const late = journal.entries.filter(
      (entry, index) => index > 0 && entry.when <= journal.entries[index - 1]!.when,
    );
    // 0032 is the one mistake, repaired by 0034 (it cannot be re-dated: databases that
    // ran it would run it again).
    expect(late.map((entry) => entry.tag)).toEqual(['0032_mail_outbox_unsent_index']);
  });
});

describe('a database migrated before 0032 existed', () => {
  let folder: string;
  let client: PGlite;

  beforeAll(async () => {
    // The migrations as they were before 0032: the same files, the journal cut at 0031.
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0032_'));
    fs.writeFileSync(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
    );
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle(client), { migrationsFolder: folder });
  }, 120_000);

  afterAll(async () => {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("gets the unsent mails' index once migrated today", async () => {
    const index = () =>
      client.query(`select 1 from pg_indexes where indexname = 'mail_outbox_unsent_idx'`);
    expect((await index()).rows).toHaveLength(0);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    expect((await index()).rows).toHaveLength(1);
  }, 120_000);
});
