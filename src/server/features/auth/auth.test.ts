import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, signInFailures, users, userProfiles } from '../../db/schema';
import { runScheduled } from '../../lib/scheduled-work';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // Limit 3 an hour: the bucket holds 2 failures and drains one an hour.
  t = await createTestApp({ SIGN_IN_ACCOUNT_LIMIT: '3', SIGN_IN_IP_LIMIT: '1000' });
  admin = await t.createUser({ role: 'admin', email: 'the.admin@example.test' });
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

  it('creates a user with no role on sign up, who then signs in', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'new.person@example.test',
      password: 'a good password',
      name: 'New Person',
    });
    expect(response.statusCode).toBe(200);
    const cookie = await t.signIn('new.person@example.test', 'a good password');
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

  it('refuses a sign-up name of invisible characters and stores one trimmed of them', async () => {
    const invisible = await post('/api/auth/sign-up/email', {
      email: 'invisible.name@example.test',
      password: 'a good password',
      name: '\u200B',
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().error.fields).toEqual({ name: 'is required' });
    const trimmed = await post('/api/auth/sign-up/email', {
      email: 'trimmed.name@example.test',
      password: 'a good password',
      name: '\uFEFFZoë\u200B',
    });
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().user.name).toBe('Zoë');
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

async function latestMailTo(to: string) {
  const [mail] = await t.connection.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

/**
 * Asks for a reset mail and follows its link: the token. The limit is 5 asks
 * a minute per address: a test of its own may ask from another one.
 */
async function resetTokenFor(email: string, remoteAddress?: string): Promise<string> {
  const request = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
    headers: { origin: TEST_ORIGIN },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(request.statusCode).toBe(200);
  const link = new URL((await latestMailTo(email))!.text.match(/http\S+/)![0]);
  const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  return new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token')!;
}

const signInAs = (email: string, password: string, cookie?: string) =>
  post('/api/auth/sign-in/email', { email, password }, cookie ? { cookie } : {});

/** Fails sign-in until the account locks (2 failures at limit 3). */
async function lock(email: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    expect((await signInAs(email, 'wrong password')).statusCode).toBe(401);
  }
  expect((await signInAs(email, 'wrong password')).statusCode).toBe(429);
}

describe('sign up for an address that has an account', () => {
  it('answers exactly like a new sign-up and mails the owner, not the caller', async () => {
    const owner = await t.createUser({ role: 'dispatcher', name: 'Olive Owner' });
    const fresh = await post('/api/auth/sign-up/email', {
      email: 'someone.new@example.test',
      password: 'a good password',
      name: 'Mallory',
    });
    const taken = await post('/api/auth/sign-up/email', {
      email: owner.email.toUpperCase(),
      password: 'a good password',
      name: 'Mallory',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    const shape = (body: unknown): unknown =>
      body && typeof body === 'object'
        ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, shape(value)]))
        : typeof body;
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().user.id).not.toBe(owner.id);
    expect(taken.json().user.name).toBe('Mallory');
    // Neither signs in: a cookie on one only would tell them apart.
    expect(taken.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);

    const mail = await latestMailTo(owner.email);
    expect(mail?.subject).toBe('Someone tried to sign up to Perth Chauffeur Ops with your address');
    expect(mail?.text).toMatch(/sign in .* or reset it/);
    // The owner's password is unchanged.
    await expect(t.signIn(owner.email, owner.password)).resolves.toContain('session_token');
  });
});

describe('password reset', () => {
  it('refuses an older reset link once a newer one was used', async () => {
    const user = await t.createUser({ role: 'driver' });
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);
    expect(older).not.toBe(newer);
    const reset = await post('/api/auth/reset-password', {
      newPassword: 'newer password',
      token: newer,
    });
    expect(reset.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', {
      newPassword: 'older password',
      token: older,
    });
    expect(stale.statusCode).toBe(400);
    await expect(t.signIn(user.email, 'newer password')).resolves.toContain('session_token');
  });

  it('refuses every outstanding reset link after a password change', async () => {
    const user = await t.createUser({ role: 'driver' });
    const token = await resetTokenFor(user.email);
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'changed password' },
      { cookie: user.cookie },
    );
    expect(change.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', {
      newPassword: 'attacker password',
      token,
    });
    expect(stale.statusCode).toBe(400);
    await expect(t.signIn(user.email, 'changed password')).resolves.toContain('session_token');
  });

  it("names the link's account when the password is set, so the page signs in with it; a refused link names none", async () => {
    const user = await t.createUser({ role: 'driver', email: 'new.driver@example.test' });
    const token = await resetTokenFor(user.email, '192.0.2.10');
    const refused = await post('/api/auth/reset-password', {
      newPassword: 'a chosen password',
      token: `${token}x`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(user.email);

    const reset = await post('/api/auth/reset-password', {
      newPassword: 'a chosen password',
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true, email: 'new.driver@example.test' });
    // Setting the password does not sign in by itself: the page signs in next.
    expect(reset.cookies).toEqual([]);
    const signIn = await signInAs(reset.json().email, 'a chosen password');
    expect(signIn.statusCode).toBe(200);

    // Spent: the same token again names nobody.
    const again = await post('/api/auth/reset-password', { newPassword: 'another one', token });
    expect(again.statusCode).toBe(400);
    expect(again.body).not.toContain(user.email);
  });

  it('names the account for a token sent in the query too, as better-auth reads it', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const token = await resetTokenFor(user.email, '192.0.2.11');
    const reset = await post(`/api/auth/reset-password?token=${encodeURIComponent(token)}`, {
      newPassword: 'a chosen password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true, email: user.email });
  });

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

describe('per-account sign-in limit', () => {
  it('refuses a new device with a 429 once the account is locked, whatever the password', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    await lock(user.email);
    const blocked = await signInAs(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(
      /Too many failed sign-in attempts for this account\. Try again in \d+ minutes?, sign in from a device you have used before, or reset your password\./,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets a device that signed in to the account before sign in while it is locked', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const other = await t.createUser({ role: 'dispatcher' });
    const signedIn = await signInAs(user.email, user.password);
    const device = signedIn.cookies.find((cookie) => cookie.name.startsWith('device_'));
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    const deviceCookie = `${device!.name}=${device!.value}`;

    await lock(user.email);
    expect((await signInAs(user.email, user.password, deviceCookie)).statusCode).toBe(200);
    // A wrong password from that device is still a failure, not a way in.
    expect((await signInAs(user.email, 'wrong password', deviceCookie)).statusCode).toBe(401);
    // Another account's device cookie, or a forged one, does not open it.
    const otherDevice = (await signInAs(other.email, other.password)).cookies.find((cookie) =>
      cookie.name.startsWith('device_'),
    )!;
    const borrowed = `${device!.name}=${otherDevice.value}`;
    expect((await signInAs(user.email, user.password, borrowed)).statusCode).toBe(429);
    const forged = `${device!.name}=${device!.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await signInAs(user.email, user.password, forged)).statusCode).toBe(429);
  });

  it('lifts the lock gradually as failures drain, not after a fixed hour', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const addFailures = async (minutesAgo: number[]) => {
      await t.connection.db.delete(signInFailures).where(eq(signInFailures.email, user.email));
      for (const minutes of minutesAgo) {
        await t.connection.db.insert(signInFailures).values({
          id: randomUUID(),
          email: user.email,
          failedAt: new Date(Date.now() - minutes * 60_000),
        });
      }
    };
    // Two failures fill the bucket; it drains one an hour at this limit.
    await addFailures([50, 50]);
    expect((await signInAs(user.email, user.password)).statusCode).toBe(429);
    await addFailures([61, 61]);
    expect((await signInAs(user.email, user.password)).statusCode).toBe(200);
    // Three failures within the hour, the oldest 61 minutes ago: still one to drain.
    await addFailures([61, 61, 30]);
    expect((await signInAs(user.email, user.password)).statusCode).toBe(429);
  });

  it('clears the lock when the password is reset', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    await lock(user.email);
    const token = await resetTokenFor(user.email);
    expect(
      (await post('/api/auth/reset-password', { newPassword: 'after the lock', token })).statusCode,
    ).toBe(200);
    expect((await signInAs(user.email, 'after the lock')).statusCode).toBe(200);
  });

  it('mails the admins once per lockout', async () => {
    const user = await t.createUser({ role: 'driver', email: 'locked.once@example.test' });
    await lock(user.email);
    await signInAs(user.email, 'wrong again');
    const mails = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, admin.email), like(mailOutbox.subject, '%locked.once%')));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Sign-in locked for locked.once@example.test',
    ]);
    expect(mails[0]!.text).toMatch(/2 sign-in attempts with a wrong password/);
  });
});

describe('old sign-in failures', () => {
  it("are pruned by the scheduled prune job, every account's, keeping those that still weigh", async () => {
    const failure = (email: string, hoursAgo: number) => ({
      id: randomUUID(),
      email,
      failedAt: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    // Guesses at addresses nobody uses: their account never fails again.
    await t.connection.db
      .insert(signInFailures)
      .values([
        failure('nobody.1@example.test', 3),
        failure('nobody.2@example.test', 25),
        failure('still.counts@example.test', 0.5),
      ]);
    const job = t.app.scheduledJobs.find((candidate) => candidate.name === 'prune-rate-limits')!;
    expect(await runScheduled(t.connection.db, job)).toBe(true);
    const left = await t.connection.db
      .select({ email: signInFailures.email })
      .from(signInFailures)
      .where(like(signInFailures.email, '%@example.test'));
    const emails = left.map((row) => row.email);
    expect(emails).toContain('still.counts@example.test');
    expect(emails).not.toContain('nobody.1@example.test');
    expect(emails).not.toContain('nobody.2@example.test');
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
