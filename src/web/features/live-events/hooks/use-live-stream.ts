import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { checkSession, useMe } from '../../auth/api/get-me';

export const LIVE_EVENTS_URL = '/api/events';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export type LiveStreamHandlers = {
  /** The stream opened; `hadGap` after a drop, when events may have been missed (refetch). */
  onOpen?: (hadGap: boolean) => void;
  onMessage: (message: MessageEvent) => void;
};

/**
 * Keeps GET /api/events open while someone with a role is signed in. The
 * browser reconnects a dropped stream by itself; when it gives up (the server
 * refused it, or closed it for good: a restart, a 5xx) we open a new one with
 * a growing delay. Every drop asks who is signed in, since the server ends a
 * stream when its session ends or its role changes (decision 197) and then
 * refuses the reconnect: once nobody is, the stream stops until someone signs
 * in again, and the guard says so over the page.
 */
export function useLiveStream(handlers: LiveStreamHandlers): void {
  const queryClient = useQueryClient();
  const me = useMe();
  const canListen = Boolean(me.data?.role);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!canListen || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let hadGap = false;
    let isStopped = false;

    function connect() {
      const current = new EventSource(LIVE_EVENTS_URL);
      source = current;
      current.onopen = () => {
        attempt = 0;
        latest.current.onOpen?.(hadGap);
        hadGap = false;
      };
      current.onmessage = (message: MessageEvent) => latest.current.onMessage(message);
      current.onerror = () => {
        hadGap = true;
        if (isStopped) return;
        checkSession(queryClient).catch(() => {
          // No answer (offline, a server error): keep trying the stream.
        });
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
    }

    connect();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, canListen]);
}
