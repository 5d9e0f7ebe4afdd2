import type { Booking } from '../../../../domain/bookings/api';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { suspendingDocumentsOf } from '../../../../domain/documents/suspension-reason';
import { formatJobTime, jobDayLabel } from '../../../../domain/drivers/job-days';
import type { LiveEventActor } from '../../../../domain/live-events/api';

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

/**
 * Why a job left the driver's list, as its last live event tells: cancelled,
 * or taken off them, by dispatch or by the system (no person: the compliance
 * pass suspending them), with the reason it was handed back to dispatch for
 * when there is one (their documents, a leave).
 */
export type TakenAway =
  { kind: 'cancelled' } | { kind: 'taken-off'; by: 'dispatch' | 'system'; reason: string | null };

/** What a notice tells of its jobs. */
export type NoticeWhat = TakenAway | { kind: 'gone' } | { kind: 'changed'; changes: string[] };

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
 * booking keeps its decline time until it is assigned again). `actor` is the
 * event's: 'system' when no person made the change.
 */
export function takenAwayReason(
  booking: Pick<Booking, 'status' | 'driver' | 'declinedAt' | 'returnedReason'>,
  driverId: string | null,
  actor?: LiveEventActor,
): TakenAway | null {
  const takenOff = (): TakenAway => ({
    kind: 'taken-off',
    by: actor === 'system' ? 'system' : 'dispatch',
    reason: booking.status === 'pending' ? booking.returnedReason : null,
  });
  if (booking.status === 'cancelled') return { kind: 'cancelled' };
  if (booking.status === 'pending') return booking.declinedAt ? null : takenOff();
  if (driverId !== null && booking.driver !== null && booking.driver.id !== driverId) {
    return takenOff();
  }
  return null;
}

/** 'Job taken off you', 'Jobs handed back to dispatch': a notice's title. */
export function dispatchNoticeTitle(what: NoticeWhat, count: number): string {
  const job = count === 1 ? 'Job' : 'Jobs';
  switch (what.kind) {
    case 'cancelled':
      return `${job} cancelled`;
    case 'taken-off':
      return what.reason ? `${job} handed back to dispatch` : `${job} taken off you`;
    case 'gone':
      return `${job} no longer yours`;
    case 'changed':
      return `${job} changed`;
  }
}

/** Who and why, after 'was handed back to dispatch' or 'was taken off you'. */
function takenOffWords(what: Extract<TakenAway, { kind: 'taken-off' }>): string {
  if (!what.reason) return what.by === 'system' ? ' automatically' : ' by dispatch';
  const by = what.by === 'system' ? ' automatically' : '';
  const documents = suspendingDocumentsOf(what.reason);
  return documents
    ? `${by} because you were suspended (${documents})`
    : `${by} (${what.reason.trim()})`;
}

/** Jobs named this many at most in a notice of several; the rest are counted. */
export const JOBS_NAMED = 3;

/** 'KM42E9 9:10 am, HX71PQ 10:00 am, ZZ12AB Tomorrow 8:00 am and 8 more', earliest first. */
function jobList(jobs: readonly KnownJob[], now: Date, timeZone: string): string {
  const sorted = [...jobs].sort((a, b) => Date.parse(a.pickupTime) - Date.parse(b.pickupTime));
  const named = sorted
    .slice(0, JOBS_NAMED)
    .map((job) => `${job.reference} ${pickupWhen(job.pickupTime, now, timeZone)}`)
    .join(', ');
  const more = sorted.length - JOBS_NAMED;
  return more > 0 ? `${named} and ${more} more` : named;
}

/**
 * The sentence a driver reads at a glance: of one job, named as they knew it;
 * of several taken at once for one reason (a suspension hands back every
 * job), one sentence with the first few.
 */
export function dispatchNoticeText(
  jobs: readonly KnownJob[],
  what: NoticeWhat,
  now: Date,
  timeZone: string,
): string {
  if (jobs.length === 1 || what.kind === 'changed') {
    const named = jobInWords(jobs[0]!, now, timeZone);
    switch (what.kind) {
      case 'cancelled':
        return `${named} was cancelled by dispatch.`;
      case 'taken-off':
        return what.reason
          ? `${named} was handed back to dispatch${takenOffWords(what)}.`
          : `${named} was taken off you${takenOffWords(what)}.`;
      case 'gone':
        return `${named} is no longer on your list: dispatch cancelled it or took it off you.`;
      case 'changed':
        return `${named} was changed: ${what.changes.join('; ')}.`;
    }
  }
  const count = `${jobs.length} jobs`;
  const list = jobList(jobs, now, timeZone);
  switch (what.kind) {
    case 'cancelled':
      return `${count} were cancelled by dispatch: ${list}.`;
    case 'taken-off':
      return what.reason
        ? `${count} were handed back to dispatch${takenOffWords(what)}: ${list}.`
        : `${count} were taken off you${takenOffWords(what)}: ${list}.`;
    case 'gone':
      return `${count} are no longer on your list (dispatch cancelled them or took them off you): ${list}.`;
  }
}
