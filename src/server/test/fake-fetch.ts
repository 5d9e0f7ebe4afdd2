import { readFileSync } from 'node:fs';
import { vi } from 'vitest';

export type RecordedRequest = { url: string; init: RequestInit | undefined };

/** A fetch that answers from `respond` and records every request. */
export function createFakeFetch(
  respond: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  const requests: RecordedRequest[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push({ url, init });
    return respond(url, init);
  };
  return { fetch: fakeFetch, requests };
}

export function readFixture(name: string): string {
  return readFileSync(new URL(`../features/maps/fixtures/${name}`, import.meta.url), 'utf8');
}

/** A recorded vendor response replayed as it came over the wire. */
export function fixtureResponse(name: string, status = 200): Response {
  return new Response(readFixture(name), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function textResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html' } });
}

/** Never answers; rejects only when its signal aborts, as real fetch does. */
export const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** Never answers and ignores its signal: a misbehaving transport. */
export const deafFetch: typeof fetch = () => new Promise(() => {});

export function headerOf(request: RecordedRequest | undefined, name: string): string | null {
  return new Headers(request?.init?.headers).get(name);
}

export function jsonBodyOf(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.init?.body));
}

/** Awaits a rejection and returns the error, failing if the promise resolves. */
export async function captureRejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject');
}

/**
 * Starts `start` under fake timers and returns its rejection, after checking
 * that it is still pending 1 ms before `timeoutMs` and settled at `timeoutMs`.
 * Proves a timeout fires at its deadline without reading the wall clock.
 */
export async function rejectionAtTimeout(
  start: () => Promise<unknown>,
  timeoutMs: number,
): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let settled = false;
    const outcome = start().then(
      () => {
        settled = true;
        throw new Error('Expected the promise to reject');
      },
      (error: unknown) => {
        settled = true;
        return error;
      },
    );
    await vi.advanceTimersByTimeAsync(timeoutMs - 1);
    if (settled) throw new Error(`Settled before its ${timeoutMs} ms timeout`);
    await vi.advanceTimersByTimeAsync(1);
    if (!settled) throw new Error(`Still pending at its ${timeoutMs} ms timeout`);
    return await outcome;
  } finally {
    vi.useRealTimers();
  }
}
