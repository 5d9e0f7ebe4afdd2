import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterDriver } from '../../../domain/drivers';
import { drivers, mailOutbox } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function record(id: string): Promise<RosterDriver> {
  const response = await send('GET', `/api/drivers/${id}/record`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().driver;
}

/** The invitation's token, from the link in the mail and where it leads. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await t.connection.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  const link = new URL(mail!.text.match(/http\S+/)![0]);
  const follow = await send('GET', link.pathname + link.search, null);
  return new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token')!;
}

async function addDriver(email: string, changes: object = {}): Promise<RosterDriver> {
  const response = await send('POST', '/api/drivers', admin, {
    firstName: 'Ivy',
    lastName: 'Invited',
    phone: `0412 300 ${email.length.toString().padStart(3, '0')}`,
    email,
    ...changes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().driver;
}

describe("a driver's account", () => {
  it('is invited, with when, until the driver chooses a password; then linked', async () => {
    const before = Date.now();
    const driver = await addDriver('ivy.invited@example.test');
    expect(driver.accountState).toBe('invited');
    expect(new Date(driver.invitedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const roster = await send('GET', '/api/drivers/roster', admin);
    const listed = roster.json().drivers.find((d: RosterDriver) => d.id === driver.id);
    expect(listed).toMatchObject({ accountState: 'invited' });

    const token = await invitationToken('ivy.invited@example.test');
    const reset = await send('POST', '/api/auth/reset-password', null, {
      newPassword: 'my own password',
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect(await record(driver.id)).toMatchObject({ accountState: 'linked', invitedAt: null });
  });

  it('is linked for a user who has signed in, and none without a user', async () => {
    const user = await t.createUser({ role: null });
    const linked = await addDriver('', { userId: user.id, phone: '0412 300 901' });
    expect(linked).toMatchObject({ accountState: 'linked', invitedAt: null });
    const [offline] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Otto', lastName: 'Offline' })
      .returning();
    expect(await record(offline!.id)).toMatchObject({ accountState: 'none', invitedAt: null });
  });

  it('is read by those who read the fleet, not by a driver', async () => {
    const driver = await addDriver('ivy.second@example.test');
    const read = await send('GET', `/api/drivers/${driver.id}/record`, dispatcher);
    expect(read.json().driver).toMatchObject({ accountState: 'invited' });
    const other = await t.createUser({ role: 'driver' });
    const refused = await send('GET', `/api/drivers/${driver.id}/record`, other);
    expect(refused.statusCode).toBe(403);
  });
});
