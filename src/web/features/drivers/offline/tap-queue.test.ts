import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  claimTapQueue,
  clearTapQueue,
  dismissRefusedTap,
  enqueueTap,
  flushTapQueue,
  isRefusal,
  readTapQueue,
  retryDelayMs,
  type Tap,
} from './tap-queue';

const JOB = 'job-1';
const arrived: Tap = {
  kind: 'status',
  jobId: JOB,
  status: 'arrived',
  occurredAt: '2026-03-02T01:00:00.000Z',
  key: 'status-1',
};
const onBoard: Tap = {
  kind: 'status',
  jobId: JOB,
  status: 'on-board',
  occurredAt: '2026-03-02T01:05:00.000Z',
  key: 'status-2',
};
const accept: Tap = {
  kind: 'acknowledge',
  jobId: 'job-2',
  occurredAt: '2026-03-02T00:59:00.000Z',
  key: 'ack-1',
};

const offline = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');

afterEach(async () => {
  await clearTapQueue();
});

describe('the driver tap queue', () => {
  it('sends waiting taps in the order they were made, each with its own tap time and key', async () => {
    await enqueueTap(arrived);
    await enqueueTap(onBoard);
    await enqueueTap(accept);
    const sent: Tap[] = [];
    const result = await flushTapQueue(async (tap) => {
      sent.push(tap);
    });
    expect(sent).toEqual([arrived, onBoard, accept]);
    expect(result).toMatchObject({ isBlocked: false, refused: [] });
    expect(await readTapQueue()).toEqual({ waiting: [], refused: [] });
  });

  it('keeps every tap when there is no connection, and later sends them unchanged and in order', async () => {
    await enqueueTap(arrived);
    await enqueueTap(onBoard);
    const tried: Tap[] = [];
    const blocked = await flushTapQueue(async (tap) => {
      tried.push(tap);
      throw offline();
    });
    // The first failed: the second must not overtake it.
    expect(tried).toEqual([arrived]);
    expect(blocked).toMatchObject({ isBlocked: true, needsSignIn: false });
    expect((await readTapQueue()).waiting).toEqual([arrived, onBoard]);

    const sent: Tap[] = [];
    await flushTapQueue(async (tap) => {
      sent.push(tap);
    });
    expect(sent).toEqual([arrived, onBoard]);
    expect(sent[0]?.occurredAt).toBe('2026-03-02T01:00:00.000Z');
    expect(sent[0]?.key).toBe('status-1');
  });

  it('moves a refused tap to the refused list with the server reason and goes on with the next', async () => {
    await enqueueTap(arrived);
    await enqueueTap(accept);
    const sent: Tap[] = [];
    const result = await flushTapQueue(async (tap) => {
      if (tap.jobId === JOB)
        throw new ApiError(409, 'CONFLICT', 'Cannot go from cancelled to arrived');
      sent.push(tap);
    });
    expect(sent).toEqual([accept]);
    expect(result.refused).toEqual([{ ...arrived, reason: 'Cannot go from cancelled to arrived' }]);
    const state = await readTapQueue();
    expect(state.waiting).toEqual([]);
    expect(state.refused).toEqual([{ ...arrived, reason: 'Cannot go from cancelled to arrived' }]);

    await dismissRefusedTap(arrived.key);
    expect((await readTapQueue()).refused).toEqual([]);
  });

  it('keeps the taps when the session has ended, and says the driver must sign in again', async () => {
    await enqueueTap(arrived);
    const result = await flushTapQueue(async () => {
      throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in first');
    });
    expect(result).toMatchObject({ isBlocked: true, needsSignIn: true, refused: [] });
    expect((await readTapQueue()).waiting).toEqual([arrived]);
  });

  it('sends a tap made during a flush after the ones before it', async () => {
    await enqueueTap(arrived);
    const sent: string[] = [];
    let first = true;
    const result = await flushTapQueue(async (tap) => {
      if (first) {
        first = false;
        await enqueueTap(onBoard);
        void flushTapQueue(async () => {
          throw new Error('a second flush must not run beside the first');
        });
      }
      sent.push(tap.key);
    });
    expect(sent).toEqual(['status-1', 'status-2']);
    expect(result.sent).toHaveLength(2);
  });

  it('keeps one of two taps asking for the same status (a double tap), also while the first is in flight', async () => {
    await enqueueTap(onBoard);
    await enqueueTap({ ...onBoard, key: 'status-2-again', occurredAt: '2026-03-02T01:05:01.000Z' });
    expect((await readTapQueue()).waiting).toEqual([onBoard]);
    const sent: string[] = [];
    await flushTapQueue(async (tap) => {
      // The second tap lands while the first is being sent.
      await enqueueTap({ ...tap, key: `${tap.key}-in-flight` });
      sent.push(tap.key);
    });
    expect(sent).toEqual(['status-2']);
    // Another status, or the same status of another job, still queues.
    await enqueueTap(arrived);
    await enqueueTap({ ...arrived, jobId: 'job-3', key: 'status-3' });
    expect((await readTapQueue()).waiting.map((tap) => tap.key)).toEqual(['status-1', 'status-3']);
  });

  it('waits out network errors, timeouts, rate limits, server errors and an expired session; refuses the rest of 4xx', () => {
    expect(isRefusal(offline())).toBe(false);
    for (const status of [401, 408, 429, 500, 503]) {
      expect(isRefusal(new ApiError(status, 'X', 'x'))).toBe(false);
    }
    for (const status of [400, 403, 404, 409]) {
      expect(isRefusal(new ApiError(status, 'X', 'x'))).toBe(true);
    }
    expect(isRefusal(new TypeError('fetch failed'))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s ... up to a minute between tries', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 60_000, 60_000, 60_000,
    ]);
  });

  it("drops the taps another user left on this phone when a driver claims the queue, and keeps a driver's own", async () => {
    expect(await claimTapQueue('driver-a')).toBe(false);
    await enqueueTap(arrived);
    expect(await claimTapQueue('driver-a')).toBe(false);
    expect((await readTapQueue()).waiting).toEqual([arrived]);

    expect(await claimTapQueue('driver-b')).toBe(true);
    expect(await readTapQueue()).toEqual({ waiting: [], refused: [] });
    const sent: Tap[] = [];
    await flushTapQueue(async (tap) => {
      sent.push(tap);
    });
    expect(sent).toEqual([]);
  });
});
