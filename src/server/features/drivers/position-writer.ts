import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Driver } from '../../../domain/drivers';
import type { Database, Executor } from '../../db/database';

/** A driver's reported position, as the location route received it. */
export type ReportedPosition = {
  driverId: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  heading: number | null;
  at: Date;
};

export type PositionWriter = {
  /** Keeps the position for the next write; a newer report of the same driver replaces it. */
  record(position: ReportedPosition): void;
  /** The driver with the position not yet written, when it is newer than the one read. */
  overlay(driver: Driver): Driver;
  /** Writes what is waiting now (and waits for a write under way). */
  flush(): Promise<void>;
  /** Writes what is waiting and stops the timer; later reports are written at once. */
  close(): Promise<void>;
};

/** Rows per statement: 6 parameters a row stays far below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 5000;

/**
 * One UPDATE for many drivers' positions. A row older than the stored
 * position is skipped, so a late write never moves a driver back.
 */
export async function writePositions(db: Executor, positions: ReportedPosition[]): Promise<void> {
  for (let start = 0; start < positions.length; start += ROWS_PER_STATEMENT) {
    const rows = positions
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(
        (p) =>
          sql`(${p.driverId}::uuid, ${p.lat}::double precision, ${p.lng}::double precision, ${p.accuracy}::double precision, ${p.heading}::double precision, ${p.at.toISOString()}::timestamptz)`,
      );
    await db.execute(sql`
      update drivers set
        latitude = v.lat, longitude = v.lng, location_accuracy = v.accuracy,
        location_heading = v.heading, location_updated_at = v.at
      from (values ${sql.join(rows, sql`, `)}) as v(id, lat, lng, accuracy, heading, at)
      where drivers.id = v.id
        and (drivers.location_updated_at is null or drivers.location_updated_at <= v.at)`);
  }
}

/**
 * Write-behind for live positions (decision 33): a report is published at
 * once by the route and kept here; at most once per `everyMs` every position
 * received since the last write goes to the database in one statement. A
 * failed write keeps its positions for the next attempt (unless newer ones
 * arrived). Closing writes what is waiting, so a clean shutdown loses nothing
 * and a crash loses at most the last `everyMs`.
 */
export function createPositionWriter(
  db: Executor,
  log: FastifyBaseLogger,
  everyMs = 1000,
): PositionWriter {
  const waiting = new Map<string, ReportedPosition>();
  /** The batch being written: still newer than what a read may return. */
  let inFlight = new Map<string, ReportedPosition>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function keep(position: ReportedPosition): void {
    const known = waiting.get(position.driverId);
    if (!known || known.at.getTime() <= position.at.getTime()) {
      waiting.set(position.driverId, position);
    }
  }

  function writeWaiting(): Promise<void> {
    timer = null;
    writing = writing.then(async () => {
      if (waiting.size === 0) return;
      inFlight = new Map(waiting);
      waiting.clear();
      const batch = [...inFlight.values()];
      try {
        await writePositions(db, batch);
      } catch (error) {
        log.error({ err: error, positions: batch.length }, 'Could not store driver positions');
        for (const position of batch) keep(position);
        schedule();
      } finally {
        inFlight = new Map();
      }
    });
    return writing;
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => void writeWaiting(), everyMs);
    timer.unref();
  }

  return {
    record(position) {
      keep(position);
      if (closed) void writeWaiting();
      else schedule();
    },
    overlay(driver) {
      const position = waiting.get(driver.id) ?? inFlight.get(driver.id);
      if (!position) return driver;
      if (driver.location && Date.parse(driver.location.updatedAt) > position.at.getTime()) {
        return driver;
      }
      return {
        ...driver,
        location: {
          lat: position.lat,
          lng: position.lng,
          updatedAt: position.at.toISOString(),
          isStale: false,
        },
      };
    },
    flush() {
      if (timer) clearTimeout(timer);
      return writeWaiting();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await writeWaiting();
    },
  };
}

const writers = new WeakMap<Database, PositionWriter>();

/**
 * The app's one position writer, by its database (the drivers feature
 * creates it and closes it with the app, closePositionWriter).
 */
export function positionWriterFor(db: Database, log: FastifyBaseLogger): PositionWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createPositionWriter(db, log);
    writers.set(db, writer);
  }
  return writer;
}

/** Writes the positions still waiting; an app built later on the same database gets a new writer. */
export async function closePositionWriter(db: Database): Promise<void> {
  const writer = writers.get(db);
  writers.delete(db);
  await writer?.close();
}
