import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/database';
import { scheduledRuns } from '../db/schema';

/** Keys running in this process, per database. */
const runningHere = new WeakMap<Database, Set<string>>();

export type Exclusive<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `fn` unless it already runs under the same key, in this process or
 * in any other process on the same database; then it returns at once with
 * `ran: false` (it does not wait).
 *
 * On PostgreSQL the key is a session-level advisory lock
 * (pg_try_advisory_lock) held on one pooled connection while `fn` runs:
 * PostgreSQL releases it when that connection closes, so a process killed
 * in the middle does not keep it. An embedded database (PGlite) has one
 * process by design (the data directory lock), so the in-process check is
 * the whole story there.
 */
export async function runExclusive<T>(
  db: Database,
  key: string,
  fn: () => Promise<T>,
): Promise<Exclusive<T>> {
  let running = runningHere.get(db);
  if (!running) {
    running = new Set();
    runningHere.set(db, running);
  }
  if (running.has(key)) return { ran: false };
  running.add(key);
  try {
    const pool = (db as unknown as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return { ran: true, value: await fn() };
    const client = await pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [key],
      );
      if (!rows[0]?.locked) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        await client
          .query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
          .catch(() => {
            // The lock's connection failed: drop it, which frees the lock too.
            broken = true;
          });
      }
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      client.release(broken);
    }
  } finally {
    running.delete(key);
  }
}

/**
 * Claims this period of a job for the calling process: true for the first
 * process to ask once `everyMs` has passed since the job last started
 * (the database's clock), false for every other.
 */
export async function claimPeriod(db: Database, name: string, everyMs: number): Promise<boolean> {
  const now = sql`clock_timestamp()`;
  const claimed = await db
    .insert(scheduledRuns)
    .values({ name, lastStartedAt: now })
    .onConflictDoUpdate({
      target: scheduledRuns.name,
      set: { lastStartedAt: now },
      // A little slack: timers in different processes drift by milliseconds.
      setWhere: sql`${scheduledRuns.lastStartedAt} <= ${now} - ${Math.max(0, everyMs - 1000)} * interval '1 millisecond'`,
    })
    .returning({ name: scheduledRuns.name });
  return claimed.length === 1;
}

export type ScheduledJob = {
  /** Unique across the app: names the lock and the period record. */
  name: string;
  everyMs: number;
  run: (db: Database) => Promise<void>;
};

/**
 * Runs a job at most once per period across every process on the database,
 * and never twice at the same time. Returns whether it ran here.
 */
export async function runScheduled(db: Database, job: ScheduledJob): Promise<boolean> {
  const outcome = await runExclusive(db, `job:${job.name}`, async () => {
    if (!(await claimPeriod(db, job.name, job.everyMs))) return false;
    await job.run(db);
    return true;
  });
  return outcome.ran && outcome.value;
}

/**
 * Runs a job now, whenever it last ran (the check at start: a restart
 * within the hour must not skip it), but never twice at the same time; its
 * period then counts from now. Returns whether it ran here.
 */
export async function runNow(db: Database, job: ScheduledJob): Promise<boolean> {
  const outcome = await runExclusive(db, `job:${job.name}`, async () => {
    await claimPeriod(db, job.name, 0);
    await job.run(db);
  });
  return outcome.ran;
}

export type Scheduler = { stop(): Promise<void> };

/** Starts each job's timer (first run after one period); stop waits for runs under way. */
export function startScheduler(
  db: Database,
  jobs: ScheduledJob[],
  onError: (job: ScheduledJob, error: unknown) => void,
): Scheduler {
  const underWay = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      const run = runScheduled(db, job)
        .catch((error: unknown) => onError(job, error))
        .finally(() => underWay.delete(run));
      underWay.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(underWay);
    },
  };
}
