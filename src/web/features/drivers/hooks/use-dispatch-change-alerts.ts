import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { isFinished } from '../../../../domain/bookings/status';
import type { Tap } from '../offline/tap-queue';
import { playAlertSound, vibrateForAlert } from '../utils/alert-signal';
import type { LiveEventActor } from '../../../../domain/live-events/api';
import {
  dispatchNoticeText,
  dispatchNoticeTitle,
  jobChanges,
  takenAwayReason,
  type KnownJob,
  type NoticeWhat,
} from '../utils/job-changes';

export type DispatchNotice = {
  key: string;
  kind: NoticeWhat['kind'];
  title: string;
  text: string;
  /** The jobs it tells of, and why: a notice of the same why within a burst takes in more. */
  jobs: KnownJob[];
  what: NoticeWhat;
  /** When it was first shown (ms). */
  shownAt: number;
};

/**
 * Jobs taken in one burst for one reason make one notice: a suspension hands
 * back every job the driver has, each its own live event, read over one or a
 * few list reads. Later, a new notice: the driver read the first one.
 */
export const BURST_MS = 10_000;

/** A tap of the driver's that ends the job for them: Decline, or a step that finishes it. */
function endsJob(tap: Tap): boolean {
  return tap.kind === 'decline' || (tap.kind === 'status' && isFinished(tap.status));
}

/** The event shows the job as this driver's still: not what took it off the list. */
function stillTheirs(booking: Booking, driverId: string | null): boolean {
  return (
    !isFinished(booking.status) && booking.status !== 'pending' && booking.driver?.id === driverId
  );
}

let noticeCount = 0;

function makeNotice(jobs: KnownJob[], what: NoticeWhat, now: Date) {
  noticeCount += 1;
  return { key: `notice-${noticeCount}`, jobs, what, shownAt: now.getTime() };
}

function withWords(
  notice: Omit<DispatchNotice, 'kind' | 'title' | 'text'>,
  now: Date,
  timeZone: string,
): DispatchNotice {
  return {
    ...notice,
    kind: notice.what.kind,
    title: dispatchNoticeTitle(notice.what, notice.jobs.length),
    text: dispatchNoticeText(notice.jobs, notice.what, now, timeZone),
  };
}

/** Jobs that left the list for the same reason, at once: one notice tells of them all. */
const sameWhy = (a: NoticeWhat, b: NoticeWhat) =>
  a.kind !== 'changed' && JSON.stringify(a) === JSON.stringify(b);

/**
 * The notices shown after a list read found `found`, newest first: a change
 * is a notice of its own; jobs gone for one reason make one notice, which
 * takes in those of a notice of the same reason shown within BURST_MS.
 */
export function addNotices(
  shown: readonly DispatchNotice[],
  found: readonly { job: KnownJob; what: NoticeWhat }[],
  now: Date,
  timeZone: string,
): DispatchNotice[] {
  const fresh: Omit<DispatchNotice, 'kind' | 'title' | 'text'>[] = [];
  for (const { job, what } of found) {
    const same = fresh.find((notice) => sameWhy(notice.what, what));
    if (same) same.jobs.push(job);
    else fresh.push(makeNotice([job], what, now));
  }
  let rest = [...shown];
  const merged = fresh.map((notice) => {
    const earlier = rest.find(
      (old) => sameWhy(old.what, notice.what) && now.getTime() - old.shownAt < BURST_MS,
    );
    if (!earlier) return withWords(notice, now, timeZone);
    rest = rest.filter((old) => old !== earlier);
    const known = new Set(earlier.jobs.map((job) => job.id));
    const jobs = [...earlier.jobs, ...notice.jobs.filter((job) => !known.has(job.id))];
    return withWords({ ...earlier, jobs }, now, timeZone);
  });
  return [...merged, ...rest];
}

/**
 * The notices once a live event tells why a job left the list, when the list
 * was read before that event came (a suspension's events follow the read the
 * first of them asked for): the job leaves its 'gone' notice, and joins a
 * notice of its reason (addNotices, so within a burst the one notice); with
 * no reason (finished by dispatch, declined on another phone) it is no news.
 */
export function explainGone(
  shown: DispatchNotice[],
  jobId: string,
  what: NoticeWhat | null,
  now: Date,
  timeZone: string,
): DispatchNotice[] {
  const gone = shown.find(
    (notice) => notice.what.kind === 'gone' && notice.jobs.some((job) => job.id === jobId),
  );
  if (!gone) return shown;
  const job = gone.jobs.find((each) => each.id === jobId)!;
  const left = gone.jobs.filter((each) => each !== job);
  const rest = shown.flatMap((notice) => {
    if (notice !== gone) return [notice];
    return left.length > 0 ? [withWords({ ...gone, jobs: left }, now, timeZone)] : [];
  });
  return what ? addNotices(rest, [{ job, what }], now, timeZone) : rest;
}

/**
 * Tells the driver what dispatch did to the jobs their phone lists, while the
 * app runs: each list of jobs read again is compared with the last one. A
 * job that left it was cancelled or taken off them (its last live event says
 * which, and who: dispatch, or the system with its reason; with none, missed
 * between connections, the notice says either); a job still listed whose
 * pickup time, pickup, dropoff or passengers differ was changed. Jobs gone
 * for one reason in one burst make one notice (addNotices); an event that
 * comes after the read that found its job gone says why then (explainGone). Each notice
 * stays until dismissed, with the new-job signal.
 *
 * The first list read after the app opens is where it starts: nothing is
 * news then (a copy kept for offline use is not compared). The driver's own
 * taps are no news: Accept and the steps change none of the fields compared,
 * and a job they declined or finished (`waiting` taps, seen as they are
 * made) leaves the list without a word.
 */
export function useDispatchChangeAlerts(
  driverId: string | null,
  listedJobs: readonly DriverJob[] | null,
  waiting: readonly Tap[],
  timeZone: string,
) {
  const [notices, setNotices] = useState<DispatchNotice[]>([]);
  const known = useRef<Map<string, KnownJob> | null>(null);
  const lastEvents = useRef(new Map<string, { booking: Booking; actor?: LiveEventActor }>());
  /** Jobs the driver declined or finished, with when they tapped. */
  const endedByDriver = useRef(new Map<string, string>());
  const tapsSeen = useRef(new Set<string>());
  for (const tap of waiting) {
    if (!endsJob(tap) || tapsSeen.current.has(tap.key)) continue;
    tapsSeen.current.add(tap.key);
    endedByDriver.current.set(tap.jobId, tap.occurredAt);
  }
  const driverIdNow = useRef(driverId);
  driverIdNow.current = driverId;
  const timeZoneNow = useRef(timeZone);
  timeZoneNow.current = timeZone;
  const waitingNow = useRef(waiting);
  waitingNow.current = waiting;

  useEffect(() => {
    if (!listedJobs) return;
    const before = known.current;
    const now = new Map(listedJobs.map((job) => [job.id, job]));
    known.current = now;
    // Listed again with no tap of theirs ending it: given back, its news is news again.
    for (const id of endedByDriver.current.keys()) {
      const isBack = now.has(id) && before !== null && !before.has(id);
      if (isBack && !waitingNow.current.some((tap) => tap.jobId === id && endsJob(tap))) {
        endedByDriver.current.delete(id);
      }
    }
    if (!before) return;
    const at = new Date();
    const zone = timeZoneNow.current;
    const found: { job: KnownJob; what: NoticeWhat }[] = [];
    const notice = (job: KnownJob, what: NoticeWhat) => found.push({ job, what });
    for (const [id, old] of before) {
      const listed = now.get(id);
      if (listed) {
        const changes = jobChanges(old, listed, at, zone);
        if (changes.length > 0) notice(old, { kind: 'changed', changes });
        continue;
      }
      const event = lastEvents.current.get(id);
      lastEvents.current.delete(id);
      if (endedByDriver.current.has(id)) continue;
      const reason = event
        ? takenAwayReason(event.booking, driverIdNow.current, event.actor)
        : null;
      if (reason) notice(old, reason);
      // No event, or one that still shows it theirs (the one that took it was missed).
      // Finished by dispatch, or declined by them (on another phone): no notice.
      else if (!event || stillTheirs(event.booking, driverIdNow.current)) {
        notice(old, { kind: 'gone' });
      }
    }
    if (found.length === 0) return;
    setNotices((shown) => addNotices(shown, found, at, zone));
    vibrateForAlert();
    playAlertSound();
  }, [listedJobs]);

  /**
   * A live booking event, and who made it where no person did: kept to tell
   * why its job leaves the list when the list is read again.
   */
  const onBooking = useCallback((booking: Booking, actor?: LiveEventActor) => {
    if (known.current?.has(booking.id)) lastEvents.current.set(booking.id, { booking, actor });
    else {
      // Came after the read that found the job gone: the notice says why now.
      const driverIdThen = driverIdNow.current;
      const reason = takenAwayReason(booking, driverIdThen, actor);
      if (reason || !stillTheirs(booking, driverIdThen)) {
        setNotices((shown) =>
          explainGone(shown, booking.id, reason, new Date(), timeZoneNow.current),
        );
      }
    }
    // Given back to them after their Decline: what dispatch does to it next is news.
    const endedAt = endedByDriver.current.get(booking.id);
    if (
      endedAt !== undefined &&
      booking.status === 'assigned' &&
      booking.driver?.id === driverIdNow.current &&
      booking.assignedAt !== null &&
      Date.parse(booking.assignedAt) > Date.parse(endedAt)
    ) {
      endedByDriver.current.delete(booking.id);
    }
  }, []);

  const dismiss = useCallback((key: string) => {
    setNotices((shown) => shown.filter((notice) => notice.key !== key));
  }, []);
  const dismissAll = useCallback(() => setNotices([]), []);

  return { notices, onBooking, dismiss, dismissAll };
}
