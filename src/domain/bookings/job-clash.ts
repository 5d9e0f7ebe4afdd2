import { formatTimeOfDay } from '../format/dates';
import { estimateLeg } from '../maps/drive-time';
import type { LatLng } from '../maps/lat-lng';
import type { BookingStatus } from './status';

/** Minutes a job is counted to take when its route has no duration (no map position). */
export const UNKNOWN_TRIP_MINUTES = 60;

/** Minutes from dropping passengers off to driving on: bags, payment, a walk to the car. */
export const TURNAROUND_MINUTES = 10;

/**
 * A driver's jobs that hold them at a time: given to them and not finished.
 * A pending job has no driver; a finished one frees them.
 */
export const PLANNED_STATUSES: readonly BookingStatus[] = [
  'assigned',
  'en-route',
  'arrived',
  'on-board',
];

/** How far either side of a pickup another job can clash with it, at most. */
export const CLASH_WINDOW_HOURS = 12;

/** What the clash rule reads of a job. */
export type PlannedJob = {
  id: string;
  reference: string;
  pickupTime: Date;
  /** The route's driving time; null when the job has no route. */
  durationSeconds: number | null;
  pickup: LatLng | null;
  dropoff: LatLng | null;
  /** Stops of one shuttle run are one journey: they never clash with each other. */
  shuttleRunId: string | null;
};

/**
 * The earliest a driver doing `job` can be at `nextPickup`: its pickup time,
 * the trip, the turnaround, and the drive from its dropoff (left out when
 * either end has no map position, so the estimate errs towards no clash).
 */
export function reachableAt(job: PlannedJob, nextPickup: LatLng | null): Date {
  const tripSeconds = job.durationSeconds ?? UNKNOWN_TRIP_MINUTES * 60;
  const legSeconds = job.dropoff && nextPickup ? estimateLeg(job.dropoff, nextPickup).seconds : 0;
  const seconds = Math.round(tripSeconds + TURNAROUND_MINUTES * 60 + legSeconds);
  return new Date(job.pickupTime.getTime() + seconds * 1000);
}

/**
 * Another job of the driver that `job` does not fit beside. `isBefore`: the
 * other job comes first, and `reachedAt` is when the driver could reach this
 * job's pickup after it; otherwise this job comes first, and `reachedAt` is
 * when they could reach the other's pickup after this one.
 */
export type JobClash = { other: PlannedJob; isBefore: boolean; reachedAt: Date };

/**
 * The first of a driver's other jobs (by pickup time) that cannot be done
 * beside `job`: one of the two would start before the driver could get there
 * from the other. Dispatch is warned, never refused: the estimate is a
 * straight-line one, and a dispatcher may know the earlier job runs short.
 */
export function findJobClash(job: PlannedJob, others: readonly PlannedJob[]): JobClash | null {
  const sorted = [...others].sort((a, b) => a.pickupTime.getTime() - b.pickupTime.getTime());
  for (const other of sorted) {
    if (other.id === job.id) continue;
    if (job.shuttleRunId !== null && other.shuttleRunId === job.shuttleRunId) continue;
    const isBefore = other.pickupTime.getTime() <= job.pickupTime.getTime();
    const reachedAt = isBefore ? reachableAt(other, job.pickup) : reachableAt(job, other.pickup);
    const due = isBefore ? job.pickupTime : other.pickupTime;
    if (reachedAt.getTime() > due.getTime()) return { other, isBefore, reachedAt };
  }
  return null;
}

/** The warning dispatch reads after assigning into a clash (and on the driver's row before). */
export function jobClashWarning(
  driverName: string,
  job: Pick<PlannedJob, 'pickupTime'>,
  clash: JobClash,
  timeZone: string,
): string {
  const at = (instant: Date) => formatTimeOfDay(instant, timeZone);
  const other = `${driverName} has job ${clash.other.reference} at ${at(clash.other.pickupTime)}`;
  return clash.isBefore
    ? `${other}: after it they would reach this pickup about ${at(clash.reachedAt)}, not by ${at(job.pickupTime)}.`
    : `${other}: after this job they would reach its pickup about ${at(clash.reachedAt)}.`;
}

/** The short form for a driver's row in Assign: 'Job KM42E9 at 11:50 pm'. */
export function jobClashLabel(clash: JobClash, timeZone: string): string {
  return `Job ${clash.other.reference} at ${formatTimeOfDay(clash.other.pickupTime, timeZone)}`;
}
