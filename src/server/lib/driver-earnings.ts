import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TimeWindow } from '../../domain/drivers/history';
import { dollarsToCents } from '../../domain/format';
import type { Executor } from '../db/database';
import { bookings } from '../db/schema';

/** A driver's figures for one window; earnings in cents, summed exactly in SQL. */
export type DriverTakings = { trips: number; earningsCents: number; noShows: number };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * A trip of the window: a completed job picked up in [from, until). A job
 * counts on its pickup day (decision 103), and a window runs to the end of
 * today (periodWindows), so a trip done ahead of a pickup later today counts.
 */
export function isTripIn(window: TimeWindow): SQL {
  return sql`${bookings.status} = 'completed' and ${bookings.pickupTime} >= ${at(window.from)} and ${bookings.pickupTime} < ${at(window.until)}`;
}

/**
 * The one rule for a driver's trips, earnings and no-shows (HistoryTotalsSchema):
 * completed jobs and the sum of their fares, no-shows apart, by pickup time in
 * each window [from, until). The driver home, the driver's history and the
 * admin's driver profile all read it here, in one query per call, so they
 * cannot drift and no total depends on how many rows a list shows.
 */
export async function driverTakings<K extends string>(
  db: Executor,
  driverId: string,
  windows: Record<K, TimeWindow>,
): Promise<Record<K, DriverTakings>> {
  const entries = Object.entries(windows) as [K, TimeWindow][];
  if (entries.length === 0) return {} as Record<K, DriverTakings>;
  const columns: Record<string, SQL> = {};
  for (const [index, [, window]] of entries.entries()) {
    const inWindow = sql`${bookings.pickupTime} >= ${at(window.from)} and ${bookings.pickupTime} < ${at(window.until)}`;
    columns[`trips${index}`] = sql`count(*) filter (where ${isTripIn(window)})::int`;
    columns[`earnings${index}`] = sql`coalesce(sum(${bookings.fareAmount}) filter (
      where ${isTripIn(window)}), 0)::text`;
    columns[`noShows${index}`] =
      sql`count(*) filter (where ${bookings.status} = 'no-show' and ${inWindow})::int`;
  }
  // Only the rows some window can count: the driver's index, then the span of the windows.
  const earliest = new Date(Math.min(...entries.map(([, window]) => window.from.getTime())));
  const latest = new Date(Math.max(...entries.map(([, window]) => window.until.getTime())));
  const [row] = await db
    .select(columns)
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        gte(bookings.pickupTime, earliest),
        lt(bookings.pickupTime, latest),
      ),
    );
  const figures = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    entries.map(([key], index) => [
      key,
      {
        trips: Number(figures[`trips${index}`] ?? 0),
        earningsCents: dollarsToCents(String(figures[`earnings${index}`] ?? '0')),
        noShows: Number(figures[`noShows${index}`] ?? 0),
      },
    ]),
  ) as Record<K, DriverTakings>;
}
