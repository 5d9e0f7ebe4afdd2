import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { isFinished } from '../../../../domain/bookings/status';
import type { Tap } from '../offline/tap-queue';
import { playAlertSound, vibrateForAlert } from '../utils/alert-signal';
import {
  dispatchNoticeText,
  jobChanges,
  takenAwayReason,
  type KnownJob,
} from '../utils/job-changes';

export type DispatchNotice = {
  key: string;
  jobId: string;
  kind: 'cancelled' | 'taken-off' | 'gone' | 'changed';
  text: string;
};

const TITLES: Record<DispatchNotice['kind'], string> = {
  cancelled: 'Job cancelled',
  'taken-off': 'Job taken off you',
  gone: 'Job no longer yours',
  changed: 'Job changed',
};

export function dispatchNoticeTitle(notice: DispatchNotice): string {
  return TITLES[notice.kind];
}

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

/**
 * Tells the driver what dispatch did to the jobs their phone lists, while the
 * app runs: each list of jobs read again is compared with the last one. A
 * job that left it was cancelled or taken off them (its last live event says
 * which; with none, missed between connections, the notice says either); a
 * job still listed whose pickup time, pickup, dropoff or passengers differ
 * was changed. Each notice stays until dismissed, with the new-job signal.
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
  const lastEvents = useRef(new Map<string, Booking>());
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
    const found: DispatchNotice[] = [];
    const notice = (job: KnownJob, what: Parameters<typeof dispatchNoticeText>[1]) => {
      noticeCount += 1;
      found.push({
        key: `${job.id}-${noticeCount}`,
        jobId: job.id,
        kind: what.kind,
        text: dispatchNoticeText(job, what, at, zone),
      });
    };
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
      const reason = event ? takenAwayReason(event, driverIdNow.current) : null;
      if (reason) notice(old, { kind: reason });
      // No event, or one that still shows it theirs (the one that took it was missed).
      // Finished by dispatch, or declined by them (on another phone): no notice.
      else if (!event || stillTheirs(event, driverIdNow.current)) notice(old, { kind: 'gone' });
    }
    if (found.length === 0) return;
    setNotices((shown) => [...found, ...shown]);
    vibrateForAlert();
    playAlertSound();
  }, [listedJobs]);

  /** A live booking event: kept to tell why its job leaves the list when the list is read again. */
  const onBooking = useCallback((booking: Booking) => {
    if (known.current?.has(booking.id)) lastEvents.current.set(booking.id, booking);
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

  return { notices, onBooking, dismiss };
}
