import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { connectPglite, type Connection } from './connect';

// One directory for both: created once (initdb is slow), then reopened.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-durability-'));
let open: Connection | null = null;

afterEach(async () => {
  vi.restoreAllMocks();
  await open?.close();
  open = null;
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens a new embedded database and counts the fsyncs each commit makes. */
async function fsyncsPerCommit(durability: 'relaxed' | 'strict'): Promise<number[]> {
  open = await connectPglite(dir, durability);
  const client = open.pglite!;
  await client.exec('create table if not exists notes (id serial primary key, body text not null)');
  const fsync = vi.spyOn(fs, 'fsyncSync');
  const counts: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    fsync.mockClear();
    await client.query('insert into notes (body) values ($1)', [`note ${i}`]);
    // Counted when the commit is acknowledged: the fsync came before it.
    counts.push(fsync.mock.calls.length);
  }
  return counts;
}

describe('PGLITE_DURABILITY', () => {
  it('relaxed (the default): commits are left to the operating system', async () => {
    const counts = await fsyncsPerCommit('relaxed');
    expect(counts).toEqual([0, 0, 0, 0, 0]);
    const [row] = (await open!.pglite!.query<{ fsync: string }>('show fsync')).rows;
    expect(row?.fsync).toBe('off');
  });

  it('strict: every commit reaches the disk (fsync) before it is acknowledged', async () => {
    const counts = await fsyncsPerCommit('strict');
    expect(counts.every((count) => count >= 1)).toBe(true);
    const [row] = (await open!.pglite!.query<{ fsync: string }>('show fsync')).rows;
    expect(row?.fsync).toBe('on');
  });
});

describe('PGlite memory settings (decision 67)', () => {
  it.each(['relaxed', 'strict'] as const)(
    '%s: opens with a small buffer pool and maintenance memory',
    async (durability) => {
      open = await connectPglite(dir, durability);
      const show = async (name: string) =>
        (await open!.pglite!.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
      expect(await show('shared_buffers')).toBe('32MB');
      expect(await show('maintenance_work_mem')).toBe('16MB');
      expect(await show('temp_buffers')).toBe('2MB');
      expect(await show('fsync')).toBe(durability === 'strict' ? 'on' : 'off');
    },
  );
});
