import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import type { Connection } from '../db/connect';
import { createTestConnection } from '../test/test-app';
import { claimPeriod, runExclusive, runNow, runScheduled } from './scheduled-work';
import { consumeRateLimit, pruneRateLimits } from './shared-rate-limits';

let connection: Connection;

beforeAll(async () => {
  connection = await createTestConnection();
});

afterAll(async () => {
  await connection.close();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('rate-limit counters in the database', () => {
  it('counts every one of many concurrent requests exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => consumeRateLimit(connection.db, 'test|concurrent', 60_000)),
    );
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect(results.every((result) => result.resetInMs > 0 && result.resetInMs <= 60_000)).toBe(
      true,
    );
  });

  it('starts a new window once the last one ended, and prunes only ended windows', async () => {
    await consumeRateLimit(connection.db, 'test|short', 150);
    expect((await consumeRateLimit(connection.db, 'test|short', 150)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pruneRateLimits(connection.db)).toBe(1);
    expect((await consumeRateLimit(connection.db, 'test|short', 150)).count).toBe(1);
    const keys = (await connection.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys.sort()).toEqual(['test|concurrent', 'test|short']);
  });
});

describe('work that runs once across processes', () => {
  it('runExclusive refuses a key while it runs, and runs other keys', async () => {
    const gate = deferred();
    const first = runExclusive(connection.db, 'test-key', async () => {
      await gate.promise;
      return 'first';
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runExclusive(connection.db, 'test-key', async () => 'second')).toEqual({
      ran: false,
    });
    expect(await runExclusive(connection.db, 'other-key', async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });
    gate.resolve();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await runExclusive(connection.db, 'test-key', async () => 'again')).toEqual({
      ran: true,
      value: 'again',
    });
  });

  it('on PostgreSQL, refuses a key another session holds (another process)', async () => {
    const url = connection.pool?.options.connectionString;
    // PGlite is one process by design: the in-process check above is all it needs.
    if (connection.kind !== 'postgres' || !url) return;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(hashtextextended($1, 0))', ['held-elsewhere']);
      expect(await runExclusive(connection.db, 'held-elsewhere', async () => 1)).toEqual({
        ran: false,
      });
      await other.query('select pg_advisory_unlock(hashtextextended($1, 0))', ['held-elsewhere']);
      expect(await runExclusive(connection.db, 'held-elsewhere', async () => 1)).toEqual({
        ran: true,
        value: 1,
      });
    } finally {
      await other.end();
    }
  });

  it('a scheduled job runs once per period however many processes ask', async () => {
    const job = { name: 'test-job', everyMs: 60_000, runs: 0 };
    const run = async () => {
      job.runs += 1;
    };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => runScheduled(connection.db, { ...job, run })),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(1);
    // Later in the same period: nobody runs it.
    expect(await runScheduled(connection.db, { ...job, run })).toBe(false);
    expect(await claimPeriod(connection.db, 'test-job', 60_000)).toBe(false);
    // A short period has passed: claimed again.
    expect(await claimPeriod(connection.db, 'test-job', 0)).toBe(true);
  });

  it('runNow runs a job inside its period (a restart within the hour), never twice at once', async () => {
    let runs = 0;
    const gate = deferred();
    const job = {
      name: 'start-job',
      everyMs: 60 * 60_000,
      run: async () => {
        runs += 1;
        await gate.promise;
      },
    };
    expect(await claimPeriod(connection.db, job.name, job.everyMs)).toBe(true);
    expect(await runScheduled(connection.db, job)).toBe(false);
    const first = runNow(connection.db, job);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runNow(connection.db, job)).toBe(false);
    gate.resolve();
    expect(await first).toBe(true);
    expect(runs).toBe(1);
    // Its period starts again from that run.
    expect(await claimPeriod(connection.db, job.name, job.everyMs)).toBe(false);
  });
});
