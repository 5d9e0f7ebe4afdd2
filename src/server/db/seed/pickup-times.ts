import type { Random } from './random';
import { DAY_MS, HOUR_MS, MINUTE_MS, perthWeekday, startOfPerthDay } from './perth-time';
import { roundToSecond } from './ride-timing';

// When demo bookings are for, and when they were made.

const HISTORY_DAYS = 60;

const HORIZON_DAYS = 21;

// Perth local hour of day: morning and afternoon peaks (airport runs, commuters).
const HOUR_WEIGHTS = [
  0.2, 0.1, 0.1, 0.2, 0.6, 1.5, 3, 3.5, 3, 2, 1.5, 1.5, 1.5, 1.5, 1.8, 2.5, 3, 3.2, 2.8, 2, 1.5,
  1.2, 0.8, 0.4,
] as const;

// Sunday to Saturday.
const WEEKDAY_WEIGHTS = [0.6, 1, 1, 1, 1, 1.1, 0.7] as const;

/** Pickup times: more on weekdays and at the morning and afternoon peaks, fewer far ahead. */
export function createPickupSampler(random: Random, nowMs: number): () => number {
  const todayMs = startOfPerthDay(nowMs);
  const days = Array.from({ length: HISTORY_DAYS + HORIZON_DAYS + 1 }, (_, index) => {
    const offset = index - HISTORY_DAYS;
    const weekday = WEEKDAY_WEIGHTS[perthWeekday(todayMs + offset * DAY_MS + 12 * HOUR_MS)] ?? 1;
    const weight = offset > 0 ? weekday * (1 - (0.55 * offset) / HORIZON_DAYS) : weekday;
    return { startMs: todayMs + offset * DAY_MS, weight };
  });
  const hours = HOUR_WEIGHTS.map((weight, hour) => ({ hour, weight }));
  return () => {
    for (;;) {
      const day = random.pickWeighted(days, (candidate) => candidate.weight);
      const { hour } = random.pickWeighted(hours, (candidate) => candidate.weight);
      const pickupMs = day.startMs + hour * HOUR_MS + random.int(0, 11) * 5 * MINUTE_MS;
      const isInRange =
        pickupMs >= nowMs - HISTORY_DAYS * DAY_MS && pickupMs <= nowMs + HORIZON_DAYS * DAY_MS;
      if (isInRange) return pickupMs;
    }
  };
}

/** Hours to weeks before the pickup, and never after now. */
export function sampleCreatedAt(random: Random, pickupMs: number, nowMs: number): number {
  const leadMs = random.pickWeighted(
    [
      [45 * MINUTE_MS, 6 * HOUR_MS],
      [6 * HOUR_MS, 3 * DAY_MS],
      [3 * DAY_MS, 21 * DAY_MS],
    ] as const,
    ([from]) => (from < HOUR_MS ? 25 : from < DAY_MS ? 35 : 40),
  );
  let createdAtMs = pickupMs - random.between(leadMs[0], leadMs[1]);
  if (createdAtMs > nowMs - 5 * MINUTE_MS) {
    const latest = Math.min(nowMs, pickupMs - 45 * MINUTE_MS);
    createdAtMs = latest - random.between(5 * MINUTE_MS, 7 * DAY_MS);
  }
  return roundToSecond(createdAtMs);
}
