import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users, userProfiles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_ACCOUNT_LIMIT: '3', SIGN_IN_IP_LIMIT: '1000' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, ...headers } });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('sign up, sign in and sign out', () => {
  it('answers 401 on /api/me when not signed in', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('creates a user with no role on sign up', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'new.person@example.test',
      password: 'a good password',
      name: 'New Person',
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const body = (await me(cookie)).json();
    expect(body).toMatchObject({
      user: { email: 'new.person@example.test', name: 'New Person' },
      role: null,
    });
    const [profile] = await t.connection.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, body.user.id));
    expect(profile?.role).toBeNull();
  });

  it('hashes passwords with argon2id', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const account = await t.connection.db.query.accounts.findFirst({
      where: (accounts, { eq: equals }) => equals(accounts.userId, user.id),
    });
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and reports the role', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const response = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    const cookie = response.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect((await me(user.cookie)).json().role).toBe('dispatcher');
  });

  it('gives the auth error text for a wrong password', async () => {
    const user = await t.createUser({ role: 'driver' });
    const response = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'wrong password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'invalid_email_or_password', message: 'Invalid email or password' },
    });
  });

  it('ends the session on sign out', async () => {
    const user = await t.createUser({ role: 'admin' });
    const response = await post('/api/auth/sign-out', {}, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('treats a role the profile table does not know as no role', async () => {
    const user = await t.createUser({ role: null });
    expect((await me(user.cookie)).json().role).toBeNull();
  });

  it('refuses sign in and drops the sessions of a disabled user', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    await t.connection.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await me(user.cookie)).statusCode).toBe(401);
    const response = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/disabled/);
  });
});

describe('password reset', () => {
  it('keeps the reset link in the outbox without SMTP, and the link sets a new password', async () => {
    const user = await t.createUser({ role: 'dispatcher', email: 'forgetful@example.test' });
    const request = await post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const [mail] = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.createdAt));
    const link = mail?.text.match(/http\S+/)?.[0];
    expect(link).toContain('/api/auth/reset-password/');

    const follow = await t.app.inject({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    expect(follow.statusCode).toBe(302);
    const token = new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(reset.statusCode).toBe(200);
    await expect(t.signIn(user.email, 'a brand new password')).resolves.toContain('session_token');
    // Resetting signs out every other session.
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});

describe('sign-in limits', () => {
  it('refuses an account with a 429 after too many failures in an hour', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await post('/api/auth/sign-in/email', {
        email: user.email,
        password: 'nope nope',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('per-IP burst limit', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const limited = await createTestApp({ SIGN_IN_IP_LIMIT: '2' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email: 'someone@example.test', password: 'whatever1' },
        });
      await attempt();
      await attempt();
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
