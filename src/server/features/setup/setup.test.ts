import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existingDemoUsers } from '../../db/seed/seed-demo-data';
import { mailOutbox, userProfiles, users, verifications } from '../../db/schema';
import { printBanner } from '../../server';
import { connectSameDatabase, createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { openSetupIfNoAdmin } from './first-admin';

const PASSWORD = 'a good long password';

/** The token of a fresh setup link for the app's database. */
async function openSetup(t: TestApp): Promise<string> {
  const link = await openSetupIfNoAdmin(t.connection.db, t.config.publicUrl);
  expect(link).toMatch(new RegExp(`^${TEST_ORIGIN}/setup\\?token=[A-Za-z0-9_-]{43}$`));
  return new URL(link!).searchParams.get('token')!;
}

function setUp(t: TestApp, payload: unknown, remoteAddress = '192.0.2.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/setup',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: payload as object,
  });
}

const admin = (email: string) => ({ name: 'Olive Owner', email, password: PASSWORD });

async function adminEmails(t: TestApp): Promise<string[]> {
  const rows = await t.connection.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(userProfiles.role, 'admin'));
  return rows.map((row) => row.email);
}

async function accountCount(t: TestApp): Promise<number> {
  return (await t.connection.db.select({ id: users.id }).from(users)).length;
}

describe('the first administrator, made with the setup link', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // Many refused attempts from one address: the limit has its own test below.
    t = await createTestApp({ SIGN_IN_IP_LIMIT: '1000' });
    token = await openSetup(t);
  });
  afterAll(() => t.close());

  it('keeps only a hash of the token', async () => {
    const rows = await t.connection.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, 'first-admin-setup'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.value).not.toContain(token);
  });

  it('prints the setup link in the start banner, and no demo accounts the database lacks', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      printBanner({
        url: 'http://localhost:3000',
        database: 'pglite',
        seeded: false,
        ms: 5,
        demoUsers: await existingDemoUsers(t.connection.db),
        setupUrl: `${TEST_ORIGIN}/setup?token=${token}`,
      });
      const banner = String(log.mock.calls[0]?.[0]);
      expect(banner).toContain(`${TEST_ORIGIN}/setup?token=${token}`);
      expect(banner).toContain('No administrator yet');
      expect(banner).not.toContain('Demo accounts');
      expect(banner).not.toContain('demo1234');
    } finally {
      log.mockRestore();
    }
  });

  it('refuses a missing token with a 400 naming it, and makes nothing', async () => {
    const before = await accountCount(t);
    const response = await setUp(t, admin('olive@example.test'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('token');
    expect(await accountCount(t)).toBe(before);
  });

  it('refuses a wrong token, or the token spelled another way, and makes nothing', async () => {
    const before = await accountCount(t);
    const spellings = [
      'not-the-token',
      token.toUpperCase(),
      token.toLowerCase(),
      ` ${token}`,
      `${token} `,
      `${token}\n`,
      `\u202E${token}`,
      `${token}%00`,
      token.slice(0, -1),
      `${token}${token}`,
      'x'.repeat(200),
    ].filter((spelling) => spelling !== token);
    for (const spelling of spellings) {
      const response = await setUp(t, { ...admin('olive@example.test'), token: spelling });
      expect(response.statusCode, JSON.stringify(spelling)).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'invalid_setup_link',
        message: expect.stringContaining('This setup link is not valid.'),
      });
    }
    expect(await accountCount(t)).toBe(before);
  });

  it('refuses a very long token, or one of another type, with a 400 naming it', async () => {
    const before = await accountCount(t);
    for (const odd of [
      'x'.repeat(201),
      'x'.repeat(100_000),
      `${token}\u0000`,
      12345,
      null,
      ['a'],
      { token },
    ]) {
      const response = await setUp(t, { ...admin('olive@example.test'), token: odd });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('token');
    }
    expect(await accountCount(t)).toBe(before);
  });

  it("checks the account as sign-up does: a field's problem is a 400 naming it", async () => {
    const before = await accountCount(t);
    const short = await setUp(t, { ...admin('olive@example.test'), password: 'short', token });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: 'must be at least 8 characters' });
    const email = await setUp(t, { ...admin('not an email'), token });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields).toHaveProperty('email');
    expect(await accountCount(t)).toBe(before);
  });

  it('tells a sign-up waiting for a role that there is no admin, and mails nobody', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Wes Waiting', email: 'wes@example.test', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = await t.signIn('wes@example.test', PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: null, hasAdmin: false });
    const job = t.app.scheduledJobs.find((candidate) => candidate.name === 'mail-awaiting-role')!;
    await job.run(t.connection.db);
    const mails = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, '%for a role'));
    expect(mails).toEqual([]);
  });

  it('refuses an address that already has an account, and changes nothing', async () => {
    const response = await setUp(t, { ...admin('WES@example.test'), token });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      email: expect.stringMatching(/^already has an account: use another address here/),
    });
    expect(await adminEmails(t)).toEqual([]);
  });

  it('creates the admin, signed in, and the link is dead from then on', async () => {
    const response = await setUp(t, { ...admin('Olive@Example.test'), token });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      user: { email: 'olive@example.test', name: 'Olive Owner' },
      role: 'admin',
    });
    const cookie = response.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { email: 'olive@example.test' }, role: 'admin' });
    expect(me.json()).not.toHaveProperty('hasAdmin');
    expect(await adminEmails(t)).toEqual(['olive@example.test']);
    const left = await t.connection.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, 'first-admin-setup'));
    expect(left).toEqual([]);
  });

  it('answers 409 to the same link again, and to any link once an admin exists', async () => {
    const before = await accountCount(t);
    for (const attempt of [token, 'not-the-token']) {
      const response = await setUp(t, { ...admin('second@example.test'), token: attempt });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(/has an administrator already/);
    }
    expect(await accountCount(t)).toBe(before);
    expect(await adminEmails(t)).toEqual(['olive@example.test']);
  });

  it('tells the waiting sign-up that an admin now exists', async () => {
    const cookie = await t.signIn('wes@example.test', PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: null, hasAdmin: true });
  });

  it('makes no link at the next start, and deletes any left', async () => {
    expect(await openSetupIfNoAdmin(t.connection.db, t.config.publicUrl)).toBeNull();
  });
});

describe('two first administrators at once', () => {
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_IP_LIMIT: '2' });
    // On PostgreSQL the second request goes to a second app on the same
    // database (another process behind the balancer); PGlite is one process.
    other =
      t.connection.kind === 'postgres'
        ? await createTestApp(
            { SIGN_IN_IP_LIMIT: '2' },
            { connection: await connectSameDatabase(t.connection) },
          )
        : t;
  });
  afterAll(async () => {
    if (other !== t) await other.close();
    await t.close();
  });

  it('makes one: the other is refused with 409 and its account removed', async () => {
    const token = await openSetup(t);
    const answers = await Promise.all([
      setUp(t, { ...admin('first@example.test'), token }, '198.51.100.1'),
      setUp(other, { ...admin('second@example.test'), token }, '198.51.100.2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json().user.email;
    expect(await adminEmails(t)).toEqual([winner]);
    const accounts = await t.connection.db.select({ email: users.email }).from(users);
    expect(accounts.map((account) => account.email)).toEqual([winner]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'makes one when both reach the grant together, on two processes (PostgreSQL)',
    async () => {
      await t.connection.db.delete(users);
      const token = await openSetup(t);
      // The grant's lock, held here: both requests come to wait for it, having
      // both found no admin before making their accounts.
      const holder = await t.connection.pool!.connect();
      try {
        await holder.query('begin');
        await holder.query("select pg_advisory_xact_lock(hashtext('setup.first-admin'))");
        const pending = Promise.all([
          setUp(t, { ...admin('third@example.test'), token }, '198.51.100.3'),
          setUp(other, { ...admin('fourth@example.test'), token }, '198.51.100.4'),
        ]);
        for (;;) {
          const { rows } = await holder.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
          );
          if (rows[0]!.n === 2) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await holder.query('commit');
        const answers = await pending;
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        const winner = answers.find((answer) => answer.statusCode === 201)!.json().user.email;
        const accounts = await t.connection.db.select({ email: users.email }).from(users);
        expect(accounts.map((account) => account.email)).toEqual([winner]);
      } finally {
        holder.release();
      }
    },
  );

  it('is limited per address as sign-in is', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await setUp(
        t,
        { ...admin('x@example.test'), token: 'wrong' },
        '203.0.113.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([409, 409, 429]);
  });
});
