import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userProfiles, users } from '../../db/schema';
import { onlyCookie } from '../../plugins/auth';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createSessionLookup, verifiedToken, type SessionLookupFn } from './session-lookup';

const SECRET = 'a-secret-long-enough-for-the-tests-0123456789';
const DAY = 86_400_000;

const sign = (token: string, secret = SECRET) =>
  `${token}.${crypto.createHmac('sha256', secret).update(token).digest('base64')}`;

describe('a session cookie signature', () => {
  it('gives the token of a value signed with the secret, plain or URL-encoded', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
    expect(verifiedToken(encodeURIComponent(sign('abc123')), SECRET)).toBe('abc123');
    // A token may itself hold dots: the signature is after the last one.
    expect(verifiedToken(sign('a.b.c'), SECRET)).toBe('a.b.c');
  });

  it('refuses any other spelling', () => {
    const good = sign('abc123');
    expect(verifiedToken(sign('abc123', 'another-secret-entirely-0123456789'), SECRET)).toBeNull();
    expect(verifiedToken(`abc124${good.slice(6)}`, SECRET)).toBeNull();
    expect(verifiedToken(good.slice(0, -2) + 'A=', SECRET)).toBeNull();
    expect(verifiedToken(good.slice(0, -1), SECRET)).toBeNull();
    expect(verifiedToken(`${good}=`, SECRET)).toBeNull();
    expect(verifiedToken('abc123', SECRET)).toBeNull();
    expect(verifiedToken(`.${good.split('.')[1]}`, SECRET)).toBeNull();
    expect(verifiedToken('', SECRET)).toBeNull();
    expect(verifiedToken('%E0%A4%A.abc', SECRET)).toBeNull();
    // Multi-byte characters of the same length in characters, not in bytes.
    expect(verifiedToken(`abc123.${'é'.repeat(44)}`, SECRET)).toBeNull();
  });
});

describe('looking up a session in one statement', () => {
  let t: TestApp;
  let lookUp: SessionLookupFn;
  const tokenCookie = (user: TestUser) => onlyCookie(user.cookie, 'better-auth.session_token')!;
  const tokenOf = (user: TestUser) => verifiedToken(tokenCookie(user), t.app.auth.options.secret!)!;
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const setExpiry = (user: TestUser, expiresAt: Date) =>
    t.connection.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.token, tokenOf(user)));

  beforeAll(async () => {
    t = await createTestApp();
    lookUp = createSessionLookup(t.connection.db, {
      secret: t.app.auth.options.secret!,
      expiresInSeconds: 7 * 86_400,
      updateAgeSeconds: 86_400,
    });
  });
  afterAll(() => t.close());

  it('answers what better-auth answers for a live session, with the role', async () => {
    const user = await t.createUser({ role: 'dispatcher', name: 'Dana Dispatch' });
    const theirs = await t.app.auth.api.getSession({
      headers: new Headers({ cookie: user.cookie }),
    });
    const ours = await lookUp(tokenCookie(user));
    expect(ours).toEqual({
      kind: 'found',
      user: { id: theirs!.user.id, email: theirs!.user.email, name: 'Dana Dispatch' },
      role: 'dispatcher',
      sessionId: theirs!.session.id,
      expiresAt: theirs!.session.expiresAt,
    });
  });

  it('gives no role to a user without one', async () => {
    const user = await t.createUser({ role: null });
    expect(await lookUp(tokenCookie(user))).toMatchObject({ kind: 'found', role: null });
    await t.connection.db.delete(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(await lookUp(tokenCookie(user))).toMatchObject({ kind: 'found', role: null });
  });

  it('finds nobody for a forged, unknown or disabled session', async () => {
    const user = await t.createUser({ role: 'admin' });
    const secret = t.app.auth.options.secret!;
    expect(await lookUp(sign(tokenOf(user), 'not-the-apps-secret-0123456789abcdef'))).toEqual({
      kind: 'none',
    });
    expect(await lookUp(sign('no-such-session-token', secret))).toEqual({ kind: 'none' });
    await t.connection.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await lookUp(tokenCookie(user))).toEqual({ kind: 'none' });
  });

  it('leaves an expired session to better-auth, which deletes it', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    await setExpiry(user, new Date(Date.now() - 1000));
    expect(await lookUp(tokenCookie(user))).toEqual({ kind: 'ask-better-auth' });
    expect((await me(user.cookie)).statusCode).toBe(401);
    const left = await t.connection.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([]);
  });

  it('leaves a session due its daily renewal to better-auth, which renews it', async () => {
    const user = await t.createUser({ role: 'driver' });
    // Given its full seven days more than a day ago: due renewal.
    await setExpiry(user, new Date(Date.now() + 6 * DAY - 60_000));
    expect(await lookUp(tokenCookie(user))).toEqual({ kind: 'ask-better-auth' });
    const answer = await me(user.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().role).toBe('driver');
    const [row] = await t.connection.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.token, tokenOf(user)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    // Renewed less than a day ago: answered here again.
    expect(await lookUp(tokenCookie(user))).toMatchObject({ kind: 'found', role: 'driver' });
  });

  it('refuses, through the app, the token of a real session signed with another secret', async () => {
    const user = await t.createUser({ role: 'admin' });
    const forged = `better-auth.session_token=${encodeURIComponent(
      sign(tokenOf(user), 'not-the-apps-secret-0123456789abcdef'),
    )}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(user.cookie)).json().role).toBe('admin');
  });
});
