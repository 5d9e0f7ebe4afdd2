import type { Booking } from '../../../../domain/bookings/api';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { formatJobTime, jobDayLabel } from '../../../../domain/drivers/job-days';

// What the driver is told when dispatch cancels, takes away or changes a job
// the phone listed: worked out from the job as the phone knew it and as the
// live event or the jobs read again bring it.

/** The fields of a job a driver acts on; a change to any of them is news. */
export type KnownJob = Pick<
  DriverJob,
  | 'id'
  | 'reference'
  | 'pickupTime'
  | 'pickupLocation'
  | 'dropoffLocation'
  | 'numPassengers'
  | 'passengerName'
>;

/** Why a job left the driver's list, as its last live event tells. */
export type TakenAwayReason = 'cancelled' | 'taken-off';

/** The first part of an address ('Perth Airport T1' of 'Perth Airport T1, Perth WA 6105'). */
function placeName(location: string): string {
  return location.split(',')[0]!.trim() || location;
}

/** '6:30 pm' today; 'Tomorrow 6:30 pm', 'Friday, Mar 6, 2026 6:30 pm' on another day. */
function pickupWhen(pickupTime: string, now: Date, timeZone: string): string {
  const day = jobDayLabel(new Date(pickupTime), now, timeZone);
  const time = formatJobTime(pickupTime, timeZone);
  return day === 'Today' ? time : `${day} ${time}`;
}

/** 'Job 9R3PT5 (6:30 pm, Inglewood)': the job as the driver knew it. */
export function jobInWords(job: KnownJob, now: Date, timeZone: string): string {
  return `Job ${job.reference} (${pickupWhen(job.pickupTime, now, timeZone)}, ${placeName(job.pickupLocation)})`;
}

/**
 * What dispatch changed of a job the driver acts on, oldest value first:
 * ['pickup time 11:00 pm → 10:30 pm', 'pickup T1 → T3']. Empty: nothing the
 * driver needs to know (their own Accept or step changes none of these).
 */
export function jobChanges(
  before: KnownJob,
  after: KnownJob,
  now: Date,
  timeZone: string,
): string[] {
  const changes: string[] = [];
  if (before.pickupTime !== after.pickupTime) {
    const sameDay =
      jobDayLabel(new Date(before.pickupTime), now, timeZone) ===
      jobDayLabel(new Date(after.pickupTime), now, timeZone);
    const when = (time: string) =>
      sameDay ? formatJobTime(time, timeZone) : pickupWhen(time, now, timeZone);
    const from = when(before.pickupTime);
    const to = when(after.pickupTime);
    // A shift of seconds shows as no change in words: not worth an alarm.
    if (from !== to) changes.push(`pickup time ${from} → ${to}`);
  }
  if (before.pickupLocation !== after.pickupLocation) {
    changes.push(`pickup ${before.pickupLocation} → ${after.pickupLocation}`);
  }
  if (before.dropoffLocation !== after.dropoffLocation) {
    changes.push(`dropoff ${before.dropoffLocation} → ${after.dropoffLocation}`);
  }
  if (before.numPassengers !== after.numPassengers) {
    changes.push(`passengers ${before.numPassengers} → ${after.numPassengers}`);
  }
  if (before.passengerName.trim() !== after.passengerName.trim()) {
    changes.push(
      `passenger ${before.passengerName.trim() || 'no name'} → ${after.passengerName.trim() || 'no name'}`,
    );
  }
  return changes;
}

/**
 * Why a booking's live event takes the job away from this driver: cancelled,
 * or taken off them (back to pending, or given to another driver). Null when
 * it does not (still theirs, finished, or declined by the driver: a pending
 * booking keeps its decline time until it is assigned again).
 */
export function takenAwayReason(
  booking: Pick<Booking, 'status' | 'driver' | 'declinedAt'>,
  driverId: string | null,
): TakenAwayReason | null {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'pending') return booking.declinedAt ? null : 'taken-off';
  if (driverId !== null && booking.driver !== null && booking.driver.id !== driverId) {
    return 'taken-off';
  }
  return null;
}

/** The sentence a driver reads at a glance. */
export function dispatchNoticeText(
  job: KnownJob,
  what: { kind: TakenAwayReason | 'gone' } | { kind: 'changed'; changes: string[] },
  now: Date,
  timeZone: string,
): string {
  const named = jobInWords(job, now, timeZone);
  switch (what.kind) {
    case 'cancelled':
      return `${named} was cancelled by dispatch.`;
    case 'taken-off':
      return `${named} was taken off you by dispatch.`;
    case 'gone':
      return `${named} is no longer on your list: dispatch cancelled it or took it off you.`;
    case 'changed':
      return `${named} was changed: ${what.changes.join('; ')}.`;
  }
}
