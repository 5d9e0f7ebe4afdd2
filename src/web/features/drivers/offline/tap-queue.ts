import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { isApiError } from '../../../lib/api-client';

/**
 * What a driver tapped, as it will be sent: the tap time and the
 * Idempotency-Key are fixed when the driver taps, so a resend after a dead
 * zone carries the same time and key and the server records it once.
 */
export type Tap = (
  | { kind: 'acknowledge'; jobId: string; occurredAt: string; key: string }
  | { kind: 'decline'; jobId: string; reason: string; occurredAt: string; key: string }
  | { kind: 'status'; jobId: string; status: BookingStatus; occurredAt: string; key: string }
) &
  TapJob;

/**
 * Which job the tap was for, as the driver saw it: a refusal is often because
 * the job left their list (reassigned, cancelled), and the driver must still
 * be able to tell which one. Optional: taps queued by an older app lack it.
 */
export type TapJob = { reference?: string; pickupLocation?: string };

/** A tap the server refused, kept until the driver has seen the reason. */
export type RefusedTap = Tap & { reason: string };

export type TapQueueState = { waiting: Tap[]; refused: RefusedTap[] };

/**
 * The job's status on the phone: the last status tap still waiting to be
 * sent, else the server's. Taps not yet sent count already.
 */
export function statusWithWaitingTaps(
  job: { id: string; status: BookingStatus },
  waiting: readonly Tap[],
): BookingStatus {
  const last = waiting.findLast((tap) => tap.jobId === job.id && tap.kind === 'status');
  return last?.kind === 'status' ? last.status : job.status;
}

/** Sends one tap; rejects with ApiError as the API client does. */
export type SendTap = (tap: Tap) => Promise<unknown>;

export type FlushResult = {
  sent: Tap[];
  refused: RefusedTap[];
  /** True when a tap could not be sent (no connection, server busy): it and those after it wait. */
  isBlocked: boolean;
  /** True when what blocks is an ended session (401): the driver must sign in again. */
  needsSignIn: boolean;
};

const WAITING = 'waiting';
const REFUSED = 'refused';
/** The id of the user whose taps these are. */
const OWNER = 'owner';
const MAX_RETRY_DELAY_MS = 60_000;

let store: UseStore | null = null;
function tapStore(): UseStore {
  store ??= createStore('driver-app', 'taps');
  return store;
}

const listeners = new Set<(state: TapQueueState) => void>();

/** Called with the whole queue after every change (in this tab). */
export function subscribeToTapQueue(listener: (state: TapQueueState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readTapQueue(): Promise<TapQueueState> {
  const [waiting, refused] = await Promise.all([
    get<Tap[]>(WAITING, tapStore()),
    get<RefusedTap[]>(REFUSED, tapStore()),
  ]);
  return { waiting: waiting ?? [], refused: refused ?? [] };
}

async function announce(): Promise<void> {
  const state = await readTapQueue();
  for (const listener of listeners) listener(state);
}

/**
 * Whether the tap asks for the status its job's last waiting (or in flight)
 * tap asks for already: the second tap of a double tap, made before the
 * screen showed the first. The server takes such a repeat as done too.
 */
function repeatsWaitingTap(waiting: readonly Tap[], tap: Tap): boolean {
  if (tap.kind !== 'status') return false;
  const last = waiting.findLast((queued) => queued.jobId === tap.jobId && queued.kind === 'status');
  return last?.kind === 'status' && last.status === tap.status;
}

/**
 * Adds a tap at the end of the queue; taps are sent in the order they were
 * made. A status tap repeating the job's last waiting one is dropped.
 */
export async function enqueueTap(tap: Tap): Promise<void> {
  await update<Tap[]>(
    WAITING,
    (waiting = []) => (repeatsWaitingTap(waiting, tap) ? waiting : [...waiting, tap]),
    tapStore(),
  );
  await announce();
}

/** The driver has read why a tap was refused. */
export async function dismissRefusedTap(key: string): Promise<void> {
  await update<RefusedTap[]>(
    REFUSED,
    (refused = []) => refused.filter((tap) => tap.key !== key),
    tapStore(),
  );
  await announce();
}

/** Empties the queue (sign-out: the next person on this phone must not send them). */
export async function clearTapQueue(): Promise<void> {
  await Promise.all([del(WAITING, tapStore()), del(REFUSED, tapStore()), del(OWNER, tapStore())]);
  await announce();
}

/**
 * Makes the queue the signed-in user's before anything in it is sent. Taps
 * left by someone else on this phone (a session that ended without Sign Out,
 * then another driver signed in) are dropped, never sent under the new
 * session. Answers whether anything was dropped.
 */
export async function claimTapQueue(userId: string): Promise<boolean> {
  const owner = await get<string>(OWNER, tapStore());
  if (owner === userId) return false;
  const { waiting, refused } = await readTapQueue();
  await clearTapQueue();
  await set(OWNER, userId, tapStore());
  return waiting.length + refused.length > 0;
}

/**
 * A refusal is an answer that will not change on a resend: the job was
 * reassigned (403/404), cancelled or moved on (409), or the tap is no longer
 * acceptable (400, e.g. older than the server takes). No connection, a
 * timeout, the rate limit, a server error or an expired session (401: sent
 * after the driver signs in again) are worth waiting for.
 */
export function isRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { status } = error;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** Wait before the next try after `failures` failed flushes in a row: 1 s, 2 s, 4 s ... at most 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, failures - 1));
}

let running: Promise<FlushResult> | null = null;
let again = false;

/**
 * Sends the waiting taps one at a time, oldest first. A sent tap leaves the
 * queue; a refused one moves to the refused list with the server's reason and
 * the next is sent; a tap that cannot be sent yet stops the flush so nothing
 * overtakes it. One flush at a time: a call during a flush makes it go round
 * once more, and both callers get the combined result.
 */
export function flushTapQueue(send: SendTap): Promise<FlushResult> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const result: FlushResult = { sent: [], refused: [], isBlocked: false, needsSignIn: false };
    try {
      do {
        again = false;
        await flushOnce(send, result);
      } while (again && !result.isBlocked);
      return result;
    } finally {
      running = null;
    }
  })();
  return running;
}

async function flushOnce(send: SendTap, result: FlushResult): Promise<void> {
  for (;;) {
    const { waiting } = await readTapQueue();
    const tap = waiting[0];
    if (!tap) return;
    try {
      await send(tap);
      result.sent.push(tap);
    } catch (error) {
      if (!isRefusal(error)) {
        result.isBlocked = true;
        result.needsSignIn = isApiError(error) && error.status === 401;
        return;
      }
      const refused: RefusedTap = {
        ...tap,
        reason: error instanceof Error ? error.message : 'Refused',
      };
      await update<RefusedTap[]>(REFUSED, (list = []) => [...list, refused], tapStore());
      result.refused.push(refused);
    }
    await update<Tap[]>(
      WAITING,
      (list = []) => list.filter((queued) => queued.key !== tap.key),
      tapStore(),
    );
    await announce();
  }
}
