import { createMapsError, MapsProviderError, type MapsServiceKind } from './types';

export type JsonRequest = {
  fetch: typeof fetch;
  url: string;
  init?: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  service: MapsServiceKind;
};

/** `body` is undefined when an error response is not JSON. */
export type JsonResponse = { ok: boolean; status: number; body: unknown };

/**
 * Fetches and parses JSON within `timeoutMs`, whatever the network does.
 * A timeout becomes MapsProviderError('timeout'); any other failure becomes
 * 'provider_unavailable'. A caller's own abort is rethrown with its reason.
 */
export async function requestJson(request: JsonRequest): Promise<JsonResponse> {
  const { signal, service } = request;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(createMapsError('timeout', service)),
    request.timeoutMs,
  );
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    // The race settles on abort even if an injected fetch ignores its signal.
    return await raceAbort(readJson(request, controller.signal), controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof MapsProviderError) throw error;
    throw createMapsError('provider_unavailable', service, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readJson(request: JsonRequest, signal: AbortSignal): Promise<JsonResponse> {
  const response = await request.fetch(request.url, { ...request.init, signal });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (response.ok) throw createMapsError('provider_unavailable', request.service, error);
    body = undefined;
  }
  return { ok: response.ok, status: response.status, body };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts. */
export function settleOrAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  return signal ? raceAbort(promise, signal) : promise;
}

/** Joins a configured base URL (with or without a trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
