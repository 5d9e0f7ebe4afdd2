import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { isRole, type Role } from '../../domain/access';
import { signInLockoutPolicy } from '../../domain/auth';
import type { Database } from '../db/database';
import { userProfiles } from '../db/schema';
import {
  createAccountLockout,
  lockedMessage,
  type AccountLockout,
} from '../features/auth/account-lockout';
import { deviceSetCookie, isTrustedDevice } from '../features/auth/device-cookie';
import { findResetLinkEmail } from '../features/auth/reset-link';
import { createSessionLookup } from '../features/auth/session-lookup';
import { findUserIdByEmail } from '../features/auth/sign-in-failures-repository';
import { mailAwaitingRole } from '../features/users/awaiting-role-mail';
import { hasEnabledAdmin } from '../features/users/users-repository';
import { errorBody } from '../lib/errors';
import { toAuthHeaders } from '../lib/auth-bridge';

export type Viewer = {
  user: { id: string; email: string; name: string } | null;
  role: Role | null;
  /** The session the request signed in with (null when anonymous). */
  sessionId: string | null;
};

const ANONYMOUS: Viewer = { user: null, role: null, sessionId: null };
/** better-auth's paths and tokens: plain segments, nothing to decode or resolve. */
const AUTH_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: the session's user and role, looked up once per request. */
    viewer(): Promise<Viewer>;
  }
}

/** The user's role; undefined when it could not be read (then nothing is cached). */
export async function lookUpRole(
  db: Database,
  userId: string,
  log: FastifyRequest['log'],
): Promise<Role | null | undefined> {
  try {
    const [profile] = await db
      .select({ role: userProfiles.role })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId));
    return isRole(profile?.role) ? profile.role : null;
  } catch (error) {
    log.error({ err: error }, 'Error checking role');
    return undefined;
  }
}

/**
 * Mounts better-auth at /api/auth/* and gives every request a memoised
 * viewer() built from the session cookie and user_profiles. Returns the
 * per-account sign-in limit, whose old failures a scheduled job prunes.
 */
export function registerAuth(
  app: FastifyInstance,
  options: { accountFailureLimit: number },
): { lockout: AccountLockout } {
  const { auth, db, sessions, notifyAdmins } = app;
  let sessionCookieName: Promise<string> | null = null;
  const secret = auth.options.secret!;
  const isSecure = auth.options.baseURL?.startsWith('https://') ?? false;
  const lookUpSession = createSessionLookup(db, {
    secret,
    expiresInSeconds: auth.options.session!.expiresIn!,
    updateAgeSeconds: auth.options.session!.updateAge!,
  });
  const lockout = createAccountLockout(
    { db, notifyAdmins, log: app.log },
    signInLockoutPolicy(options.accountFailureLimit),
  );

  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    const self = this as FastifyRequest & { viewerPromise?: Promise<Viewer> };
    self.viewerPromise ??= resolveViewer(this);
    return self.viewerPromise;
  });

  /**
   * From the session cache when this cookie was looked up in the last 30 s
   * (no statement at all), else from one statement (session, user and role:
   * decision 72), then cached; a session due renewal or past its expiry is
   * better-auth's to answer.
   */
  async function resolveViewer(request: FastifyRequest): Promise<Viewer> {
    const header = request.headers.cookie;
    if (!header) return ANONYMOUS;
    sessionCookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name);
    const cookie = onlyCookie(header, await sessionCookieName);
    if (cookie === null) return ANONYMOUS;
    if (cookie === undefined) return viewerFromBetterAuth(request, undefined);
    const cached = sessions.get(cookie);
    if (cached) return cached;
    const generation = sessions.generation();
    const found = await lookUpSession(cookie);
    if (found.kind === 'none') return ANONYMOUS;
    if (found.kind === 'ask-better-auth') return viewerFromBetterAuth(request, cookie);
    const viewer = { user: found.user, role: found.role, sessionId: found.sessionId };
    sessions.set(cookie, viewer, found.expiresAt, generation);
    return viewer;
  }

  /**
   * better-auth's own answer, for a session it must renew or delete, and for
   * a cookie sent twice (then nothing is cached: which one it reads is its
   * business).
   */
  async function viewerFromBetterAuth(
    request: FastifyRequest,
    cookie: string | undefined,
  ): Promise<Viewer> {
    const generation = sessions.generation();
    const session = await auth.api.getSession({ headers: toAuthHeaders(request) });
    if (!session || (session.user as { disabled?: boolean }).disabled) return ANONYMOUS;
    const { id, email, name } = session.user;
    const role = await lookUpRole(db, id, request.log);
    const viewer = { user: { id, email, name }, role: role ?? null, sessionId: session.session.id };
    if (cookie !== undefined && role !== undefined) {
      sessions.set(cookie, viewer, session.session.expiresAt, generation);
    }
    return viewer;
  }

  /**
   * Past the per-account limit only a device the account signed in from
   * before may try: the owner keeps working while a guesser is refused.
   */
  async function refusal(request: FastifyRequest, email: string) {
    const state = await lockout.state(email);
    if (!state.isLocked) return null;
    const userId = await findUserIdByEmail(db, email);
    if (userId && isTrustedDevice(secret, userId, request.headers.cookie)) return null;
    return state.lockedUntil!;
  }

  async function tellAdminsSomeoneWaits(email: string) {
    const userId = await findUserIdByEmail(db, email);
    if (!userId) return;
    if (!(await hasEnabledAdmin(db))) {
      // Nobody to tell: the owner makes the first admin with the setup link.
      app.log.warn(
        { userId },
        'New sign-up waits for a role, but the business has no administrator yet: the owner must create one with the setup link printed when the server starts',
      );
      return;
    }
    app.log.info({ userId }, 'New sign-up waits for a role');
    // At most one mail an hour; one held back is sent by the scheduled job.
    await mailAwaitingRole({ db, notifyAdmins, log: app.log, baseUrl: auth.options.baseURL ?? '' });
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
    // Lower case: in case the auth router matches paths case-insensitively.
    const isSignIn = request.method === 'POST' && path.toLowerCase() === '/api/auth/sign-in/email';
    const isSignUp = request.method === 'POST' && path.toLowerCase() === '/api/auth/sign-up/email';
    const bodyEmail = (request.body as { email?: unknown } | null)?.email;
    const email =
      (isSignIn || isSignUp) && typeof bodyEmail === 'string' ? bodyEmail.trim().toLowerCase() : '';
    if (isSignIn && email) {
      const lockedUntil = await refusal(request, email);
      if (lockedUntil) {
        const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
        return reply
          .status(429)
          .header('retry-after', String(seconds))
          .send(errorBody('too_many_requests', lockedMessage(lockedUntil)));
      }
    }
    const isNewAddress = isSignUp && email !== '' && (await findUserIdByEmail(db, email)) === null;
    // Read before better-auth spends the link: a password set answers whose
    // it is, so the page signs in with it at once (as after sign-up).
    const isReset = request.method === 'POST' && path.toLowerCase() === '/api/auth/reset-password';
    const resetToken = isReset ? resetTokenOf(request) : null;
    const resetEmail = resetToken ? await findResetLinkEmail(db, resetToken) : null;

    const hasBody =
      request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await auth.handler(
      new Request(new URL(path + query, 'http://internal'), {
        method: request.method,
        headers: toAuthHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );

    const text = await response.text();
    const cookies = response.headers.getSetCookie();
    if (isSignIn && email && response.status === 401) {
      await lockout.fail(email, request.ip);
    }
    if (isSignIn && response.status === 200) {
      const userId = signedInUserId(text);
      if (userId) cookies.push(deviceSetCookie(secret, userId, { secure: isSecure }));
    }
    if (isNewAddress && response.status === 200) await tellAdminsSomeoneWaits(email);

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
        reply.header(name, value);
    });
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    if (response.status >= 400) {
      return reply.type('application/json').send(toErrorBody(response.status, text));
    }
    if (resetEmail && response.status === 200) {
      return reply.type('application/json').send(withEmail(text, resetEmail));
    }
    return reply.send(text === '' ? null : text);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { permission: 'public' },
    handler: forward,
  });
  return { lockout };
}

/**
 * The value of the one cookie named `name`: null when there is none,
 * undefined when it is sent more than once (which one better-auth reads is
 * its business: such a request is answered without the cache).
 */
export function onlyCookie(header: string, name: string): string | null | undefined {
  let found: string | null = null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    if (found !== null) return undefined;
    found = part.slice(separator + 1).trim();
  }
  return found === '' ? null : found;
}

function signedInUserId(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { user?: { id?: unknown } }).user?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** The reset link's token: better-auth reads the body's, else the query's. */
function resetTokenOf(request: FastifyRequest): string | null {
  const fromBody = (request.body as { token?: unknown } | null)?.token;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  const fromQuery = (request.query as { token?: unknown } | null)?.token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

/** better-auth's answer to a password set (`{ status: true }`), naming the account's email. */
function withEmail(text: string, email: string): string {
  try {
    return JSON.stringify({ ...(JSON.parse(text) as object), email });
  } catch {
    return JSON.stringify({ status: true, email });
  }
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
