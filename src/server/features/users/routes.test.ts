import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LINK_DAYS } from '../../../domain/users';
import { mailOutbox, signInFailures, users, verifications } from '../../db/schema';
import { startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, user: TestUser | null, payload: object = {}) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function resetLinkFor(email: string): Promise<string> {
  const [mail] = await t.connection.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  const link = mail?.text.match(/http\S+/)?.[0];
  if (!link) throw new Error(`no reset mail for ${email}`);
  return link;
}

describe('users and roles', () => {
  it('is for the roles of the settings area only', async () => {
    const dispatcher = await t.createUser({ role: 'dispatcher' });
    expect((await get('/api/users')).statusCode).toBe(401);
    expect((await get('/api/users', dispatcher.cookie)).statusCode).toBe(403);
    const invite = await send('POST', '/api/users/invite', dispatcher, {
      email: 'x@example.test',
      name: 'X',
      role: 'admin',
    });
    expect(invite.statusCode).toBe(403);
  });

  it('lists staff users with their role', async () => {
    const response = await get('/api/users', admin.cookie);
    expect(response.statusCode).toBe(200);
    const me = response.json().users.find((user: { id: string }) => user.id === admin.id);
    expect(me).toMatchObject({
      name: 'Ada Admin',
      email: admin.email,
      role: 'admin',
      disabled: false,
    });
    expect(me.lastSignInAt).toEqual(expect.any(String));
  });

  it('invites a user, who sets a password through the mailed link and signs in with the role', async () => {
    const response = await send('POST', '/api/users/invite', admin, {
      email: 'New.Dispatcher@Example.test',
      name: 'Nina Dispatch',
      role: 'dispatcher',
    });
    expect(response.statusCode).toBe(201);
    // No SMTP here: the admin is told the invitation is only in the outbox.
    expect(response.json().invitation).toBe('held');
    expect(response.json().user).toMatchObject({
      email: 'new.dispatcher@example.test',
      name: 'Nina Dispatch',
      role: 'dispatcher',
      lastSignInAt: null,
    });

    const [invitation] = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'new.dispatcher@example.test'));
    expect(invitation!.subject).toBe('You are invited to Perth Chauffeur Ops');
    expect(invitation!.text).toMatch(
      /^Hello Nina Dispatch,\n\nAn administrator has given you an account\./,
    );
    expect(invitation!.text).not.toMatch(/new password|did not ask/i);
    expect(invitation!.text).toContain(`within ${INVITATION_LINK_DAYS} days`);
    // The invitation's link lasts days (it may be read after the weekend), not a reset's hour.
    const daysLeft = async () => {
      const [row] = await t.connection.db
        .select({ expiresAt: verifications.expiresAt })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.value))
        .where(eq(users.email, 'new.dispatcher@example.test'))
        .orderBy(desc(verifications.createdAt))
        .limit(1);
      return (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    };
    expect(await daysLeft()).toBeGreaterThan(INVITATION_LINK_DAYS - 0.1);
    expect(await daysLeft()).toBeLessThanOrEqual(INVITATION_LINK_DAYS);
    const link = new URL(await resetLinkFor('new.dispatcher@example.test'));
    const follow = await get(link.pathname + link.search);
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toMatch(/\/reset-password\?invited=1&token=/);
    const token = new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'my own password', token },
    });
    expect(reset.statusCode).toBe(200);
    const cookie = await t.signIn('new.dispatcher@example.test', 'my own password');
    expect((await get('/api/me', cookie)).json().role).toBe('dispatcher');
  });

  it('refuses to invite an email that already has a user', async () => {
    const response = await send('POST', '/api/users/invite', admin, {
      email: admin.email.toUpperCase(),
      name: 'Again',
      role: 'driver',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toHaveProperty('email');
  });

  it('changes a role, and /api/me reports it at once', async () => {
    const user = await t.createUser({ role: 'driver' });
    const response = await send('PATCH', `/api/users/${user.id}`, admin, { role: 'operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('operator');
    expect((await get('/api/me', user.cookie)).json().role).toBe('operator');
  });

  it('ends the sessions of a disabled user at once and lets them back when enabled', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const before = (await get('/api/users', admin.cookie))
      .json()
      .users.find((candidate: { id: string }) => candidate.id === user.id);
    expect(before.lastSignInAt).toEqual(expect.any(String));
    const disabled = await send('PATCH', `/api/users/${user.id}`, admin, { disabled: true });
    expect(disabled.json().user.disabled).toBe(true);
    // Its sessions are gone, its last sign-in is not.
    expect(disabled.json().user.lastSignInAt).toBe(before.lastSignInAt);
    expect((await get('/api/me', user.cookie)).statusCode).toBe(401);
    await expect(t.signIn(user.email, user.password)).rejects.toThrow(/403/);

    await send('PATCH', `/api/users/${user.id}`, admin, { disabled: false });
    await expect(t.signIn(user.email, user.password)).resolves.toContain('session_token');
  });

  it('keeps at least one enabled admin, and an admin cannot disable themself', async () => {
    const demote = await send('PATCH', `/api/users/${admin.id}`, admin, { role: 'dispatcher' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toMatch(/last enabled admin/);

    const self = await send('PATCH', `/api/users/${admin.id}`, admin, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toMatch(/your own account/);

    // With a second admin, the first may step down.
    const second = await t.createUser({ role: 'admin' });
    const disableSecond = await send('PATCH', `/api/users/${second.id}`, admin, { disabled: true });
    expect(disableSecond.statusCode).toBe(200);
    expect(
      (await send('PATCH', `/api/users/${admin.id}`, admin, { role: 'driver' })).statusCode,
    ).toBe(409);
    await send('PATCH', `/api/users/${second.id}`, admin, { disabled: false });
    const stepDown = await send('PATCH', `/api/users/${admin.id}`, admin, { role: 'dispatcher' });
    expect(stepDown.statusCode).toBe(200);
    // Restore for the other tests in this file (disabling ended the second admin's session).
    const secondAgain = { ...second, cookie: await t.signIn(second.email, second.password) };
    const restore = await send('PATCH', `/api/users/${admin.id}`, secondAgain, { role: 'admin' });
    expect(restore.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    const unknown = await send('PATCH', '/api/users/00000000-0000-4000-8000-000000000000', admin, {
      role: 'driver',
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await send('PATCH', `/api/users/${admin.id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect((await send('POST', '/api/users/invite', admin, {})).statusCode).toBe(400);
  });
});

describe('sign-in locks', () => {
  it('shows a locked account to the admin, who unlocks it', async () => {
    const user = await t.createUser({ role: 'driver' });
    // 50 failures just now fill the bucket at the default 100 an hour.
    await t.connection.db.insert(signInFailures).values(
      Array.from({ length: 50 }, () => ({
        id: randomUUID(),
        email: user.email,
        ipAddress: '203.0.113.9',
      })),
    );
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email, password: user.password },
      });
    expect((await signIn()).statusCode).toBe(429);

    const listed = (await get('/api/users', admin.cookie))
      .json()
      .users.find((row: { id: string }) => row.id === user.id);
    expect(listed.recentFailedSignIns).toBe(50);
    expect(new Date(listed.lockedUntil).getTime()).toBeGreaterThan(Date.now());
    const unlockedBefore = (await get('/api/users', admin.cookie))
      .json()
      .users.find((row: { id: string }) => row.id === admin.id);
    expect(unlockedBefore.lockedUntil).toBeNull();

    const dispatcher = await t.createUser({ role: 'dispatcher' });
    expect((await send('POST', `/api/users/${user.id}/unlock`, dispatcher)).statusCode).toBe(403);
    const unlock = await send('POST', `/api/users/${user.id}/unlock`, admin);
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().user).toMatchObject({ recentFailedSignIns: 0, lockedUntil: null });
    expect((await signIn()).statusCode).toBe(200);
  });

  it('answers 404 when unlocking an unknown user', async () => {
    const response = await send('POST', '/api/users/no-such-user/unlock', admin);
    expect(response.statusCode).toBe(404);
  });
});

describe('an invitation says how its mail went', () => {
  it.each([
    { server: 'takes it', refuseRecipients: false, invitation: 'sent' },
    { server: 'refuses the recipient', refuseRecipients: true, invitation: 'failed' },
  ])('sent when the SMTP server $server: $invitation', async ({ refuseRecipients, invitation }) => {
    const capture = await startSmtpCapture({ refuseRecipients });
    const withSmtp = await createTestApp({ SMTP_URL: capture.url });
    try {
      const smtpAdmin = await withSmtp.createUser({ role: 'admin' });
      const response = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/users/invite',
        payload: { email: 'Over.The@Wire.test', name: 'Wendy Wire', role: 'dispatcher' },
        headers: { origin: TEST_ORIGIN, cookie: smtpAdmin.cookie },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().invitation).toBe(invitation);
      expect(capture.mails.map((mail) => mail.to)).toEqual(
        refuseRecipients ? [] : [['<over.the@wire.test>']],
      );
    } finally {
      await withSmtp.close();
      await capture.close();
    }
  });
});
