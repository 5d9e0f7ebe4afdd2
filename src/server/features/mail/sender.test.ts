import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS } from '../../../domain/settings';
import { loadConfig } from '../../config';
import { startSmtpCapture, mailHeader, type CapturedMail } from '../../test/smtp-capture';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let capture: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  capture = await startSmtpCapture();
  // An operator's name in MAIL_FROM: the business name from Settings wins.
  t = await createTestApp({
    SMTP_URL: capture.url,
    MAIL_FROM: 'Old Brand <bookings@mail.example.test>',
  });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
  await capture.close();
});

const saveBusiness = async (changes: Partial<typeof DEFAULT_BUSINESS>) =>
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/business',
        payload: { ...DEFAULT_BUSINESS, ...changes },
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      })
    ).statusCode,
  ).toBe(200);

/** Sends a mail through the app's mailer and returns it as the SMTP server received it. */
async function sendAndCapture(
  send: () => Promise<unknown> = () =>
    t.app.mailer.send({ to: 'rider@sender.test', subject: 'Your booking', text: 'See you.' }),
): Promise<CapturedMail> {
  const before = capture.mails.length;
  await send();
  expect(capture.mails.length).toBe(before + 1);
  return capture.mails.at(-1)!;
}

const addresses = (header: string | undefined) => addressparser(header ?? '', { flatten: true });

describe('the sender of every mail', () => {
  it('is the business by name, from MAIL_FROM’s address, with no Reply-To while Email is unset', async () => {
    const mail = await sendAndCapture();
    expect(addresses(mailHeader(mail, 'From'))).toEqual([
      { name: 'Perth Chauffeur Ops', address: 'bookings@mail.example.test' },
    ]);
    expect(mail.from).toBe('<bookings@mail.example.test>');
    expect(mailHeader(mail, 'Reply-To')).toBeUndefined();
  });

  it('answers to the business Email, and follows a rename at the next mail', async () => {
    await saveBusiness({ name: 'Swan River Limousines', email: 'office@swanriver.test' });
    const mail = await sendAndCapture();
    expect(addresses(mailHeader(mail, 'From'))).toEqual([
      { name: 'Swan River Limousines', address: 'bookings@mail.example.test' },
    ]);
    expect(addresses(mailHeader(mail, 'Reply-To'))).toEqual([
      { name: 'Swan River Limousines', address: 'office@swanriver.test' },
    ]);
  });

  it('keeps a name with a comma and quotes one address', async () => {
    const name = 'Smith, Jones & "Co" Cars <vip@evil.test>';
    await saveBusiness({ name, email: 'desk@smithjones.test' });
    const mail = await sendAndCapture();
    expect(addresses(mailHeader(mail, 'From'))).toEqual([
      { name, address: 'bookings@mail.example.test' },
    ]);
    expect(addresses(mailHeader(mail, 'Reply-To'))).toEqual([
      { name, address: 'desk@smithjones.test' },
    ]);
  });

  it('is the same for account mails, a dispatcher’s own message and a resend', async () => {
    await saveBusiness({ name: 'Rottnest Rides', email: 'hello@rottnest.test' });
    const expected = {
      from: [{ name: 'Rottnest Rides', address: 'bookings@mail.example.test' }],
      replyTo: [{ name: 'Rottnest Rides', address: 'hello@rottnest.test' }],
    };
    const read = (mail: CapturedMail) => ({
      from: addresses(mailHeader(mail, 'From')),
      replyTo: addresses(mailHeader(mail, 'Reply-To')),
    });

    const reset = await sendAndCapture(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: admin.email, redirectTo: '/reset-password' },
        headers: { origin: TEST_ORIGIN },
      }),
    );
    expect(read(reset)).toEqual(expected);

    let firstId = '';
    const own = await sendAndCapture(async () => {
      firstId = (
        await t.app.mailer.send(
          { to: 'rider@sender.test', subject: 'Note', text: 'As typed.' },
          { signOff: false },
        )
      ).id;
    });
    expect(read(own)).toEqual(expected);

    const resent = await sendAndCapture(() => t.app.mailer.resend(firstId));
    expect(read(resent)).toEqual(expected);
  });
});

describe('MAIL_FROM', () => {
  const load = (MAIL_FROM: string) => () =>
    loadConfig({ NODE_ENV: 'test', MAIL_FROM, AUTH_SECRET: 'x'.repeat(32) });

  it('takes one address, with or without a name', () => {
    expect(load('no-reply@example.test')().MAIL_FROM).toBe('no-reply@example.test');
    expect(load('Brand <no-reply@example.test>')().MAIL_FROM).toBe('Brand <no-reply@example.test>');
    expect(loadConfig({ NODE_ENV: 'test' }).MAIL_FROM).toBe('no-reply@localhost');
  });

  it('refuses what is not one address, naming MAIL_FROM', () => {
    expect(load('no-reply')).toThrow(/MAIL_FROM/);
    expect(load('a@example.test, b@example.test')).toThrow(/MAIL_FROM/);
  });
});
