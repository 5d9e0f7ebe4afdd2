import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS } from '../../../domain/settings';
import { mailOutbox } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

async function latestMailTo(to: string) {
  const [mail] = await t.connection.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

const renameBusiness = async (name: string) =>
  expect(
    (await send('PUT', '/api/settings/business', { ...DEFAULT_BUSINESS, name }, admin.cookie))
      .statusCode,
  ).toBe(200);

describe('the business name in the mails the app writes', () => {
  it('names an untouched install as before', async () => {
    const invite = await send(
      'POST',
      '/api/users/invite',
      { email: 'first@business-name.test', name: 'Fay First', role: 'dispatcher' },
      admin.cookie,
    );
    expect(invite.statusCode).toBe(201);
    const mail = await latestMailTo('first@business-name.test');
    expect(mail!.subject).toBe('You are invited to Perth Chauffeur Ops');
    expect(mail!.text).toMatch(/\n\nPerth Chauffeur Ops$/);
  });

  it('names the business as Settings → Business calls it, in subjects and sign-offs', async () => {
    await renameBusiness('Swan River Limousines');

    const invite = await send(
      'POST',
      '/api/users/invite',
      { email: 'nina@business-name.test', name: 'Nina Dispatch', role: 'dispatcher' },
      admin.cookie,
    );
    expect(invite.statusCode).toBe(201);
    const invitation = await latestMailTo('nina@business-name.test');
    expect(invitation!.subject).toBe('You are invited to Swan River Limousines');
    expect(invitation!.text).toMatch(/^Hello Nina Dispatch,\n/);
    expect(invitation!.text).toMatch(/\n\nSwan River Limousines$/);
    expect(invitation!.text).not.toContain('Perth Chauffeur Ops');

    const reset = await send('POST', '/api/auth/request-password-reset', {
      email: admin.email,
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await latestMailTo(admin.email);
    expect(resetMail!.subject).toBe('Reset your Swan River Limousines password');
    expect(resetMail!.text).toMatch(/\n\nSwan River Limousines$/);

    // Every mail the app writes is signed the same way (compliance, notices).
    const notice = await t.app.mailer.send({
      to: 'driver@business-name.test',
      subject: 'Your Driver Licence expires in 7 days',
      text: 'Upload the renewed one.',
    });
    expect(notice.text).toBe('Upload the renewed one.\n\nSwan River Limousines');

    // A rename signs the next mail: the settings cache is dropped on save.
    await renameBusiness('Rottnest Rides');
    const again = await t.app.mailer.send({
      to: 'driver@business-name.test',
      subject: 's',
      text: 'x',
    });
    expect(again.text).toBe('x\n\nRottnest Rides');
  });

  it('sends a resent mail as it was first sent, signed once', async () => {
    await renameBusiness('Fremantle Cars');
    const first = await t.app.mailer.send({
      to: 'twice@business-name.test',
      subject: 's',
      text: 'x',
    });
    const resent = await t.app.mailer.resend(first.id);
    expect(resent.text).toBe('x\n\nFremantle Cars');
  });
});
