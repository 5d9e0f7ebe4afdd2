import { formatDayHeading, formatTimeOfDay } from '../format/dates';
import { countOf, minutesInWords } from '../format/duration-words';
import { NO_SHOW_WAIT_MINUTES, SET_OFF_WINDOW_MINUTES } from '../settings/dispatch-limits';
import type { DriverJob, DriverJobsResponse } from './driver-jobs';
import { IN_PROGRESS_STATUSES, type BookingStatus } from './status';

// The driver app's job rules, free of zod: the phone's first download takes
// them without the API's schemas (and the phone numbers' metadata those
// reach); driver-jobs.ts holds the schemas and re-exports these.

/** How long after arriving a driver must wait before marking a no-show, unless set otherwise. */
export const DEFAULT_NO_SHOW_WAIT_MINUTES: number = NO_SHOW_WAIT_MINUTES.default;

/**
 * How long before its pickup time a driver may set off on a job (En route),
 * unless Settings → Dispatch says otherwise: the drive out to a pickup on the
 * city's edge, or the next job started while the last passenger gets out
 * (decision 79). Not a day early: a job counts on its pickup day (decision 103).
 */
export const DEFAULT_SET_OFF_WINDOW_MINUTES: number = SET_OFF_WINDOW_MINUTES.default;

/** How old a tap may be when it reaches the server (a phone offline for a day). */
export const MAX_TAP_AGE_MS = 24 * 60 * 60 * 1000;
/** Phone clocks drift: a tap up to this far in the future is taken as now. */
export const MAX_TAP_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * Why a driver's tap on a job is refused when the job is no longer theirs
 * (dispatch unassigned it or gave it to another driver while the tap waited):
 * said to the driver, who never saw a booking id.
 */
export const NOT_YOUR_JOB_REFUSAL =
  'This job is no longer yours: dispatch took it off you or gave it to another driver.';

/**
 * Why a driver's step (or Accept, or Decline) on a job is refused, in the
 * driver's words when dispatch cancelled it or it is over; null when the job
 * may still take the step (the transition rule decides the rest).
 */
export function driverStepRefusal(from: BookingStatus): string | null {
  if (from === 'cancelled')
    return 'Dispatch cancelled this job: there is nothing more to do on it.';
  if (from === 'completed' || from === 'no-show') return 'This job is over already.';
  return null;
}

/** Every job of a jobs answer, in its order: the current one first, then the rest. */
export function jobsOfAnswer(answer: DriverJobsResponse): DriverJob[] {
  return answer.current ? [answer.current, ...answer.upcoming] : answer.upcoming;
}

/**
 * A driver's jobs, earliest pickup first, as their phone groups them: every
 * job in progress (a shuttle run's stops can be at once), then the assigned
 * ones not yet started.
 */
export function groupDriverJobs<Job extends { status: BookingStatus }>(
  jobs: readonly Job[],
): { inProgress: Job[]; upcoming: Job[] } {
  return {
    inProgress: jobs.filter((job) => IN_PROGRESS_STATUSES.includes(job.status)),
    upcoming: jobs.filter((job) => job.status === 'assigned'),
  };
}

/**
 * How far ahead End Shift looks for the driver's next jobs: a job picked up
 * within this time (or already due) is named before the shift ends.
 */
export const END_SHIFT_LOOKS_AHEAD_MS = 3 * 60 * 60 * 1000;

/**
 * The assigned jobs (accepted or not) that End Shift names, earliest first:
 * those picked up within END_SHIFT_LOOKS_AHEAD_MS of `now`, or due already.
 * Ending the shift leaves them with the driver (nothing hands them back), and
 * dispatch sees an assigned driver off shift as needing attention.
 */
export function jobsComingUp<Job extends { status: BookingStatus; pickupTime: string }>(
  jobs: readonly Job[],
  now: Date,
): Job[] {
  const until = now.getTime() + END_SHIFT_LOOKS_AHEAD_MS;
  return jobs
    .filter((job) => job.status === 'assigned' && Date.parse(job.pickupTime) <= until)
    .sort((a, b) => Date.parse(a.pickupTime) - Date.parse(b.pickupTime));
}

/**
 * GET /api/drivers/me/jobs from the driver's jobs, earliest pickup first: the
 * first job in progress is `current`, and every other job stays in `upcoming`
 * in pickup order (one more in progress included: it must never drop out of
 * the list while the first is worked).
 */
export function driverJobsAnswer<Job extends { status: BookingStatus }>(
  jobs: readonly Job[],
): { current: Job | null; upcoming: Job[] } {
  const current = groupDriverJobs(jobs).inProgress[0] ?? null;
  return { current, upcoming: jobs.filter((job) => job !== current) };
}

/**
 * When a driver tapped: the phone's time when given, never later than `now`;
 * a reason (for the occurredAt field) when it is too old or too far ahead to trust.
 */
export function tapTime(
  occurredAtText: string | undefined,
  now: Date,
): { at: Date } | { problem: string } {
  if (occurredAtText === undefined) return { at: now };
  const at = new Date(occurredAtText);
  const ahead = at.getTime() - now.getTime();
  if (ahead > MAX_TAP_CLOCK_SKEW_MS) return { problem: 'is in the future' };
  if (-ahead > MAX_TAP_AGE_MS) return { problem: 'is more than 24 hours ago' };
  return { at: ahead > 0 ? now : at };
}

/** When a driver may first set off on a job, and complete it: its pickup time less the window. */
export function setOffOpensAt(
  pickupTime: Date,
  windowMinutes: number = DEFAULT_SET_OFF_WINDOW_MINUTES,
): Date {
  return new Date(pickupTime.getTime() - windowMinutes * 60_000);
}

/** '7:30 am on Sunday, Nov 29, 2026' in the zone: a refusal read later still says which day. */
function timeAndDay(instant: Date, timeZone: string): string {
  return `${formatTimeOfDay(instant, timeZone)} on ${formatDayHeading(instant, timeZone)}`;
}

/**
 * A driver's En route or Completed made too long before the pickup time:
 * why it is refused, or null when it may be made at `at`. Both wait for
 * setOffOpensAt, `windowMinutes` (Settings → Dispatch) before the pickup;
 * Completed too, because the pickup may have moved later after the driver set
 * off (a trip done before its booked time is one whose time dispatch puts
 * right first). Arrived and Passenger on board are not held: a driver waiting
 * at the airport for a delayed flight is there. The server and the phone pass
 * the same saved window (the jobs answer carries it). The sentence ends with
 * what the driver can do at the roadside: call dispatch, whose Mark buttons
 * the window does not hold (decision 110).
 */
export function earlyStepRefusal(
  job: { pickupTime: Date },
  to: BookingStatus,
  at: Date,
  timeZone: string,
  windowMinutes: number = DEFAULT_SET_OFF_WINDOW_MINUTES,
): string | null {
  if (to !== 'en-route' && to !== 'completed') return null;
  const opensAt = setOffOpensAt(job.pickupTime, windowMinutes);
  if (at.getTime() >= opensAt.getTime()) return null;
  const window = minutesInWords(windowMinutes);
  if (to === 'en-route') {
    return `Too early to set off: En route opens at ${timeAndDay(opensAt, timeZone)}, ${window} before the pickup. To leave now, call dispatch: they can mark the job en route.`;
  }
  return `Too early to complete: the pickup is at ${timeAndDay(job.pickupTime, timeZone)}, and a job is completed no earlier than ${window} before it. If the trip is over, call dispatch: they can mark it completed.`;
}

/**
 * When a no-show's wait starts: the later of the driver's arrival and the
 * pickup time (a passenger is never late before they are due); null before
 * the driver has arrived.
 */
function noShowWaitStart(job: {
  arrivedAt: Date | null;
  pickupTime: Date;
}): { at: Date; isPickupTime: boolean } | null {
  const { arrivedAt, pickupTime } = job;
  if (!arrivedAt) return null;
  const isEarly = arrivedAt.getTime() < pickupTime.getTime();
  return { at: isEarly ? pickupTime : arrivedAt, isPickupTime: isEarly };
}

/**
 * A no-show may be marked only after waiting at the pickup, and never before
 * the passenger is due: the wait runs from noShowWaitStart. Null when it
 * may, else why not (with the minutes left).
 */
export function noShowRefusal(
  job: { arrivedAt: Date | null; pickupTime: Date },
  now: Date,
  waitMinutes = DEFAULT_NO_SHOW_WAIT_MINUTES,
): string | null {
  const waitFrom = noShowWaitStart(job);
  if (!waitFrom) return 'Mark Arrived at the pickup before a no-show.';
  const leftMs = waitFrom.at.getTime() + waitMinutes * 60_000 - now.getTime();
  if (leftMs <= 0) return null;
  const minutes = Math.ceil(leftMs / 60_000);
  const left = `${countOf(minutes, 'minute')} left.`;
  return waitFrom.isPickupTime
    ? `Wait until ${waitMinutes} minutes after the pickup time before marking a no-show: ${left}`
    : `Wait ${waitMinutes} minutes at the pickup before marking a no-show: ${left}`;
}

/**
 * The wait a no-show is marked after, for the driver to confirm it: how long
 * they have waited, and from when (the pickup time, or their arrival when
 * they came late), in the business's zone. Null before they arrived.
 */
export function noShowWaitMet(
  job: { arrivedAt: Date | null; pickupTime: Date },
  now: Date,
  timeZone: string,
): string | null {
  const waitFrom = noShowWaitStart(job);
  if (!waitFrom) return null;
  const minutes = Math.max(0, Math.floor((now.getTime() - waitFrom.at.getTime()) / 60_000));
  const waited = `You have waited ${countOf(minutes, 'minute')}`;
  const at = formatTimeOfDay(waitFrom.at, timeZone);
  return waitFrom.isPickupTime
    ? `${waited} since the pickup time, ${at}.`
    : `${waited} since you arrived at ${at}.`;
}
