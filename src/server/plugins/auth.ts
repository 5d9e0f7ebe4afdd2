import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, gte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { isRole, type Role } from '../../domain/access';
import type { Database } from '../db/database';
import { signInFailures, userProfiles } from '../db/schema';
import type { Auth } from '../features/auth/auth';
import { errorBody } from '../lib/errors';

export type Viewer = {
  user: { id: string; email: string; name: string } | null;
  role: Role | null;
};

const ANONYMOUS: Viewer = { user: null, role: null };
const HOUR_MS = 60 * 60 * 1000;
/** better-auth's paths and tokens: plain segments, nothing to decode or resolve. */
const AUTH_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: the session's user and role, looked up once per request. */
    viewer(): Promise<Viewer>;
  }
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, String(value));
  }
  // better-auth reads the client IP from this header only; never trust the
  // client's own value.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

export async function lookUpRole(
  db: Database,
  userId: string,
  log: FastifyRequest['log'],
): Promise<Role | null> {
  try {
    const [profile] = await db
      .select({ role: userProfiles.role })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId));
    return isRole(profile?.role) ? profile.role : null;
  } catch (error) {
    log.error({ err: error }, 'Error checking role');
    return null;
  }
}

/**
 * Mounts better-auth at /api/auth/* and gives every request a memoised
 * viewer() built from the session cookie and user_profiles.
 */
export function registerAuth(
  app: FastifyInstance,
  options: { auth: Auth; db: Database; accountFailureLimit: number },
): void {
  const { auth, db } = options;

  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    const self = this as FastifyRequest & { viewerPromise?: Promise<Viewer> };
    self.viewerPromise ??= resolveViewer(this);
    return self.viewerPromise;
  });

  async function resolveViewer(request: FastifyRequest): Promise<Viewer> {
    if (!request.headers.cookie) return ANONYMOUS;
    const session = await auth.api.getSession({ headers: toHeaders(request) });
    if (!session || (session.user as { disabled?: boolean }).disabled) return ANONYMOUS;
    const { id, email, name } = session.user;
    return { user: { id, email, name }, role: await lookUpRole(db, id, request.log) };
  }

  async function recentFailures(email: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.email, email),
          gte(signInFailures.failedAt, new Date(Date.now() - HOUR_MS)),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    // The path better-auth sees is rebuilt from what our router matched, in
    // one canonical spelling, so the sign-in checks below cannot be skipped
    // by spelling the path another way (encoded letters, dot segments).
    const rest = (request.params as { '*': string })['*'];
    if (!AUTH_PATH.test(rest)) {
      return reply.status(404).send(errorBody('not_found', 'No such path.'));
    }
    const path = `/api/auth/${rest}`;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const isSignIn = request.method === 'POST' && path.toLowerCase() === '/api/auth/sign-in/email';
    const email = isSignIn
      ? String((request.body as { email?: unknown } | null)?.email ?? '')
          .trim()
          .toLowerCase()
      : '';
    if (isSignIn && email && (await recentFailures(email)) >= options.accountFailureLimit) {
      return reply
        .status(429)
        .send(
          errorBody(
            'too_many_requests',
            'Too many failed sign-in attempts for this account. Wait an hour or reset your password.',
          ),
        );
    }

    const hasBody =
      request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await auth.handler(
      new Request(new URL(path + query, 'http://internal'), {
        method: request.method,
        headers: toHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );

    if (isSignIn && email && response.status === 401) {
      await db.insert(signInFailures).values({ id: randomUUID(), email, ipAddress: request.ip });
    }

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
        reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status >= 400) {
      return reply.type('application/json').send(toErrorBody(response.status, text));
    }
    return reply.send(text === '' ? null : text);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { permission: 'public' },
    handler: forward,
  });
}

/** better-auth answers `{ code, message }`; we answer in our error format. */
function toErrorBody(status: number, text: string) {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: fall back to a message by status.
  }
  const message =
    status === 429
      ? 'Too many attempts from your network. Wait a minute and try again.'
      : typeof parsed.message === 'string' && parsed.message
        ? parsed.message
        : 'The request could not be completed.';
  const code =
    typeof parsed.code === 'string'
      ? parsed.code.toLowerCase()
      : status === 429
        ? 'too_many_requests'
        : 'auth_error';
  return errorBody(code, message);
}
