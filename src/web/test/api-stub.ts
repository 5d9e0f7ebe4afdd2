import { vi } from 'vitest';
import type { Role } from '../../domain/access';

type StubRequest = { body: unknown; init: RequestInit | undefined; url: URL };
type Handler = (request: StubRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse(status, { error: { code, message } });
}

/** `GET /api/me` for a signed-in user with the given role. */
export function signedInAs(role: Role | null): Handler {
  return () =>
    jsonResponse(200, {
      user: { id: 'user-1', email: `${role ?? 'nobody'}@demo.test`, name: 'Sam Taylor' },
      role,
    });
}

/** `GET /api/me` with nobody signed in. */
export const signedOut: Handler = () => errorResponse(401, 'UNAUTHENTICATED', 'Sign in first');

/**
 * Replaces `fetch` with a table of handlers keyed by 'METHOD /api/path'. An
 * unknown request fails the way the server would, so a test sees it.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) return errorResponse(404, 'NOT_FOUND', `No stub for ${key}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ body, init, url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A promise with its resolve function, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
