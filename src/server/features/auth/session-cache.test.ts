import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions as sessionRows, userProfiles } from '../../db/schema';
import { onlyCookie } from '../../plugins/auth';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createSessionCache, type CachedViewer } from './session-cache';

const viewerOf = (userId: string): CachedViewer => ({
  user: { id: userId, email: `${userId}@example.test`, name: userId },
  role: 'dispatcher',
  sessionId: `session-of-${userId}`,
});

describe('the session cache', () => {
  const farAway = new Date(Date.now() + 86_400_000);

  it('keeps a viewer for 30 seconds, never past its session', () => {
    let clock = 1_000_000;
    const cache = createSessionCache({ now: () => clock });
    cache.set('cookie-a', viewerOf('a'), farAway, cache.generation());
    cache.set('cookie-b', viewerOf('b'), new Date(Date.now() + 10), cache.generation());
    expect(cache.get('cookie-a')?.user.id).toBe('a');
    clock += 29_999;
    expect(cache.get('cookie-a')?.user.id).toBe('a');
    clock += 2;
    expect(cache.get('cookie-a')).toBeUndefined();
    cache.set('cookie-c', viewerOf('c'), new Date(Date.now() - 1), cache.generation());
    expect(cache.get('cookie-c')).toBeUndefined();
  });

  it('drops every entry of a user whose sessions ended, and only theirs, and tells the listeners', async () => {
    const cache = createSessionCache();
    const told: string[] = [];
    cache.onSessionsEnded((userId) => void told.push(userId));
    cache.set('phone', viewerOf('a'), farAway, cache.generation());
    cache.set('laptop', viewerOf('a'), farAway, cache.generation());
    cache.set('other', viewerOf('b'), farAway, cache.generation());
    await cache.endSessionsOf('a');
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('other')?.user.id).toBe('b');
    expect(told).toEqual(['a']);
  });

  it('does not keep a lookup that started before a session ended', () => {
    const cache = createSessionCache();
    const before = cache.generation();
    cache.forgetUser('someone else entirely');
    cache.set('cookie', viewerOf('a'), farAway, before);
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('forgets everything when notices may have been missed', () => {
    const cache = createSessionCache();
    cache.set('cookie', viewerOf('a'), farAway, cache.generation());
    cache.forgetAll();
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('reads the one session cookie, and refuses to choose between two', () => {
    expect(onlyCookie('a=1; session=xyz.sig; b=2', 'session')).toBe('xyz.sig');
    expect(onlyCookie('a=1; b=2', 'session')).toBeNull();
    expect(onlyCookie('session=', 'session')).toBeNull();
    expect(onlyCookie('session=one; session=two', 'session')).toBeUndefined();
    expect(onlyCookie('xsession=one', 'session')).toBeNull();
  });
});

describe('cached sessions in the app', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const patchUser = (id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload,
    });

  it('answers a signed-in request from the cache, without reading the session again', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    expect((await me(user.cookie)).json().role).toBe('dispatcher');
    // Changed behind the app's back (no sign-out, no notice): the cached
    // viewer stands until it expires. The routes below go through the app.
    await t.connection.db.delete(sessionRows).where(eq(sessionRows.userId, user.id));
    await t.connection.db
      .update(userProfiles)
      .set({ role: 'admin' })
      .where(eq(userProfiles.userId, user.id));
    expect((await me(user.cookie)).json().role).toBe('dispatcher');
  });

  it('drops a cached session at once on sign-out', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    expect((await me(user.cookie)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('drops a cached session at once on a role change', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    expect((await me(user.cookie)).json().role).toBe('dispatcher');
    expect((await patchUser(user.id, { role: 'driver' })).statusCode).toBe(200);
    expect((await me(user.cookie)).json().role).toBe('driver');
  });

  it('drops a cached session at once when the account is disabled', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await patchUser(user.id, { disabled: true })).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('drops a cached session at once when the user signs out their other sessions', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const otherDevice = await t.signIn(user.email, user.password);
    expect((await me(otherDevice)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });
});
