import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { DRIVER_APP_QUERY_KEY } from '../api/get-driver-home';
import { sendTap } from '../offline/send-tap';
import {
  dismissRefusedTap,
  enqueueTap,
  flushTapQueue,
  readTapQueue,
  retryDelayMs,
  subscribeToTapQueue,
  type Tap,
  type TapQueueState,
} from '../offline/tap-queue';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A tap as the screen makes it; the queue adds the time and the key. */
export type NewTap = DistributiveOmit<Tap, 'occurredAt' | 'key'>;

let isSenderStarted = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let afterSend: () => void = () => {};

/** Sends what waits now; after a failure, tries again later (backing off) or when the phone is back online. */
async function sendWaitingTaps(): Promise<void> {
  clearTimeout(retryTimer);
  const result = await flushTapQueue(sendTap);
  if (result.sent.length > 0 || result.refused.length > 0) afterSend();
  if (!result.isBlocked) {
    failures = 0;
    return;
  }
  failures += 1;
  retryTimer = setTimeout(() => void sendWaitingTaps(), retryDelayMs(failures));
}

function startTapSender(onSent: () => void): void {
  afterSend = onSent;
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
 * and `tap` to make one.
 */
export function useTapQueue() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TapQueueState>({ waiting: [], refused: [] });

  useEffect(() => {
    let isActive = true;
    const unsubscribe = subscribeToTapQueue((next) => {
      if (isActive) setState(next);
    });
    void readTapQueue().then((next) => {
      if (isActive) setState(next);
    });
    startTapSender(() => void queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }));
    return () => {
      isActive = false;
      unsubscribe();
    };
  }, [queryClient]);

  const tap = useCallback(async (newTap: NewTap) => {
    await enqueueTap({
      ...newTap,
      occurredAt: new Date().toISOString(),
      key: `${newTap.kind}-${newTap.jobId}-${newIdempotencyKey()}`,
    } as Tap);
    await sendWaitingTaps();
  }, []);

  return { waiting: state.waiting, refused: state.refused, tap, dismiss: dismissRefusedTap };
}
