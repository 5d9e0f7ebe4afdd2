import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's headers as the Fetch `Headers` the auth library reads the session cookie from. */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, String(value));
  }
  // The auth library reads the client IP from this header only; never trust the client's value.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Passes the auth library's new session cookie (if any) on to the browser. */
export function forwardSetCookie(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** The auth library's error code (e.g. 'INVALID_PASSWORD'), if the value is one of its errors. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === 'string' ? body.code : null;
}
