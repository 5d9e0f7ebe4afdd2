import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { groupDriverJobs, jobsOfAnswer } from '../../../../domain/bookings/driver-job-rules';
import type { DriverJob, DriverJobsResponse } from '../../../../domain/bookings/driver-jobs';
import { IN_PROGRESS_STATUSES, isFinished } from '../../../../domain/bookings/status';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useMe } from '../../auth/api/get-me';
import { onSignOut } from '../../auth/api/sign-out';
import { DRIVER_JOBS_QUERY_KEY } from '../api/get-driver-jobs';
import { DRIVER_APP_QUERY_KEY } from '../api/get-driver-home';
import { sendTap } from '../offline/send-tap';
import {
  claimTapQueue,
  clearTapQueue,
  dismissRefusedTap,
  enqueueTap,
  flushTapQueue,
  readTapQueue,
  retryDelayMs,
  statusWithWaitingTaps,
  subscribeToTapQueue,
  type Tap,
  type TapQueueState,
} from '../offline/tap-queue';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A tap as the screen makes it; the queue adds the time and the key. */
export type NewTap = DistributiveOmit<Tap, 'occurredAt' | 'key'>;

let isSenderStarted = false;
let failures = 0;
/** The last flush stopped at an ended session (401): the driver must sign in again. */
let needsSignIn = false;
const signInListeners = new Set<() => void>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let afterSend: () => void = () => {};
let cache: QueryClient | null = null;
/** The signed-in user the queue was claimed for; nothing is sent for anyone else. */
let owner: { userId: string; claimed: Promise<unknown> } | null = null;

/** The queue is the signed-in user's from now on (see claimTapQueue). */
function claimFor(userId: string): Promise<unknown> {
  if (owner?.userId !== userId) {
    // No IndexedDB (a private window in some browsers): nothing was kept to claim.
    owner = { userId, claimed: claimTapQueue(userId).catch(() => undefined) };
  }
  return owner.claimed;
}

/**
 * Sign-out empties the queue and stops the sender: the next person on this
 * phone must never send the previous driver's taps.
 */
async function forgetTaps(): Promise<void> {
  owner = null;
  clearTimeout(retryTimer);
  failures = 0;
  await clearTapQueue().catch(() => undefined);
}
onSignOut(forgetTaps);

/** The job as the server answered a tap: null when it has left the driver's list. */
export function jobAfterTap(job: DriverJob, tap: Tap, answer: unknown): DriverJob | null {
  if (tap.kind === 'decline') return null;
  if (tap.kind === 'acknowledge') return (answer as { job: DriverJob }).job;
  const { booking } = answer as { booking: Booking };
  if (isFinished(booking.status)) return null;
  const arrivedAt = job.arrivedAt ?? (booking.status === 'arrived' ? tap.occurredAt : null);
  return { ...job, status: booking.status, arrivedAt };
}

/**
 * The jobs as the phone shows them, grouped: a job the driver has started is
 * in progress from the tap, not from the server's answer (the card moved
 * under the driver's thumb when the answer came; offline it never moved). A
 * finishing tap leaves the job where it is until the server has it.
 */
export function jobsAsTapped(answer: DriverJobsResponse, waiting: readonly Tap[]) {
  return groupDriverJobs(
    jobsOfAnswer(answer).map((job) => {
      const status = statusWithWaitingTaps(job, waiting);
      return IN_PROGRESS_STATUSES.includes(status) ? { ...job, status } : job;
    }),
  );
}

/**
 * Puts a sent tap's answer into the cached jobs before the tap leaves the
 * queue: the card goes on from the answer, never back to the status the jobs
 * were last read with (a button that flicked back to 'En route' under the
 * driver's thumb sent a tap they never meant).
 */
async function applyAnswer(tap: Tap, answer: unknown): Promise<void> {
  if (!cache) return;
  // A read that started before the answer would bring the old status back.
  await cache.cancelQueries({ queryKey: DRIVER_JOBS_QUERY_KEY });
  cache.setQueryData<DriverJobsResponse>(DRIVER_JOBS_QUERY_KEY, (jobs) => {
    if (!jobs) return jobs;
    const update = (job: DriverJob) => (job.id === tap.jobId ? jobAfterTap(job, tap, answer) : job);
    const current = jobs.current ? update(jobs.current) : null;
    const upcoming = jobs.upcoming.map(update).filter((job): job is DriverJob => job !== null);
    return { ...jobs, current, upcoming };
  });
}

async function sendAndApply(tap: Tap): Promise<unknown> {
  const answer = await sendTap(tap);
  await applyAnswer(tap, answer);
  return answer;
}

/** Sends what waits now; after a failure, tries again later (backing off) or when the phone is back online. */
async function sendWaitingTaps(): Promise<void> {
  clearTimeout(retryTimer);
  if (!owner) return;
  await owner.claimed;
  const result = await flushTapQueue(sendAndApply);
  if (result.sent.length > 0 || result.refused.length > 0) afterSend();
  if (needsSignIn !== result.needsSignIn) {
    needsSignIn = result.needsSignIn;
    for (const listener of signInListeners) listener();
  }
  if (!result.isBlocked) {
    failures = 0;
    return;
  }
  failures += 1;
  retryTimer = setTimeout(() => void sendWaitingTaps(), retryDelayMs(failures));
}

function startTapSender(queryClient: QueryClient): void {
  cache = queryClient;
  afterSend = () => void queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY });
  // Back on a driver screen after signing in again: send at once, not after the back-off.
  if (isSenderStarted && needsSignIn) {
    failures = 0;
    void sendWaitingTaps();
  }
  if (isSenderStarted) return;
  isSenderStarted = true;
  window.addEventListener('online', () => {
    failures = 0;
    void sendWaitingTaps();
  });
  void sendWaitingTaps();
}

/**
 * The driver's taps (Accept, Decline, status changes) go through one queue in
 * IndexedDB, online or not, so they reach the server in the order they were
 * made: the taps still waiting, those the server refused (with its reason),
 * whether an ended session holds them back, and `tap` to make one.
 */
export function useTapQueue() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? null;
  const [state, setState] = useState<TapQueueState>({ waiting: [], refused: [] });
  const [isSignInNeeded, setSignInNeeded] = useState(needsSignIn);

  useEffect(() => {
    let isActive = true;
    const unsubscribe = subscribeToTapQueue((next) => {
      if (isActive) setState(next);
    });
    const onSignInChange = () => setSignInNeeded(needsSignIn);
    signInListeners.add(onSignInChange);
    onSignInChange();
    void readTapQueue()
      .then((next) => {
        if (isActive) setState(next);
      })
      // No IndexedDB (a private window in some browsers): nothing was kept to show.
      .catch(() => undefined);
    if (userId) {
      void claimFor(userId);
      startTapSender(queryClient);
    }
    return () => {
      isActive = false;
      unsubscribe();
      signInListeners.delete(onSignInChange);
    };
  }, [queryClient, userId]);

  const tap = useCallback(async (newTap: NewTap) => {
    // Taps are made on a signed-in driver's screen: the queue is theirs before this one joins it.
    if (owner) await owner.claimed;
    await enqueueTap({
      ...newTap,
      occurredAt: new Date().toISOString(),
      key: `${newTap.kind}-${newTap.jobId}-${newIdempotencyKey()}`,
    } as Tap);
    await sendWaitingTaps();
  }, []);

  return {
    waiting: state.waiting,
    refused: state.refused,
    isSignInNeeded,
    tap,
    dismiss: dismissRefusedTap,
  };
}
