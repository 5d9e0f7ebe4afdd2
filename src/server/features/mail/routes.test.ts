import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../domain/mail';
import { mailOutbox } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createMailer } from './mailer';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driver: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driver = await t.createUser({ role: 'driver' });
});
afterAll(() => t.close());

function request(method: 'GET' | 'POST', url: string, user: TestUser | null) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
}

async function keep(mail: { to: string; subject: string; text?: string }, at: Date, extra = {}) {
  const [row] = await t.connection.db
    .insert(mailOutbox)
    .values({ text: 'Body', ...mail, createdAt: at, ...extra })
    .returning();
  return row!;
}

describe('GET /api/mail', () => {
  it('lists every mail newest first, a page at a time, with sent, held and failed', async () => {
    const base = Date.parse('2030-05-01T00:00:00Z');
    for (let index = 0; index < 30; index += 1) {
      await keep(
        { to: `page${index}@list.test`, subject: `Page ${index}` },
        new Date(base + index * 60_000),
      );
    }
    await keep({ to: 'sent@list.test', subject: 'Went out' }, new Date(base + 31 * 60_000), {
      sentAt: new Date(base + 31 * 60_000),
    });
    await keep({ to: 'bounced@list.test', subject: 'Refused' }, new Date(base + 32 * 60_000), {
      error: '550 5.1.1 mailbox unavailable',
    });
    const first = await request('GET', '/api/mail?q=list.test&limit=10', admin);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { mails: OutboxMail[]; total: number };
    expect(page.total).toBe(32);
    expect(page.mails.map((mail) => mail.to).slice(0, 3)).toEqual([
      'bounced@list.test',
      'sent@list.test',
      'page29@list.test',
    ]);
    expect(page.mails[0]).toMatchObject({
      status: 'failed',
      error: '550 5.1.1 mailbox unavailable',
    });
    expect(page.mails[1]).toMatchObject({ status: 'sent', error: null });
    expect(page.mails[2]).toMatchObject({ status: 'held', sentAt: null, text: 'Body' });
    const last = (await request('GET', '/api/mail?q=list.test&limit=10&offset=30', admin)).json();
    expect(last.mails.map((mail: OutboxMail) => mail.to)).toEqual([
      'page1@list.test',
      'page0@list.test',
    ]);
    const failed = (await request('GET', '/api/mail?q=list.test&status=failed', admin)).json();
    expect(failed.mails.map((mail: OutboxMail) => mail.to)).toEqual(['bounced@list.test']);
  });

  it('searches the recipient and the subject, any case, wildcards taken literally', async () => {
    await keep({ to: 'maria.rossi@search.test', subject: 'Your booking ABC123' }, new Date());
    await keep({ to: 'other@search.test', subject: 'Password reset for MARIA' }, new Date());
    await keep({ to: 'percent@search.test', subject: '100% on time' }, new Date());
    const byName = (await request('GET', '/api/mail?q=maria', admin)).json();
    expect(byName.mails.map((mail: OutboxMail) => mail.to).sort()).toEqual([
      'maria.rossi@search.test',
      'other@search.test',
    ]);
    const literal = (await request('GET', '/api/mail?q=%25', admin)).json();
    expect(literal.mails.map((mail: OutboxMail) => mail.to)).toEqual(['percent@search.test']);
  });

  it('searches ignoring accents, either way round (decision 92)', async () => {
    await keep({ to: 'zoe@accents.test', subject: 'Reçu for Zoë Hervé' }, new Date());
    await keep({ to: 'plain@accents.test', subject: 'Receipt for Zoe Herve' }, new Date());
    for (const typed of ['zoe herve', 'Zoë Hervé', 'recu']) {
      const found = (
        await request('GET', `/api/mail?q=${encodeURIComponent(typed)}`, admin)
      ).json();
      const expected =
        typed === 'recu' ? ['zoe@accents.test'] : ['plain@accents.test', 'zoe@accents.test'];
      expect(found.mails.map((mail: OutboxMail) => mail.to).sort(), typed).toEqual(expected);
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['status=bounced', 'status'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const response = await request('GET', `/api/mail?${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('is for admins only', async () => {
    expect((await request('GET', '/api/mail', null)).statusCode).toBe(401);
    expect((await request('GET', '/api/mail', dispatcher)).statusCode).toBe(403);
    expect((await request('GET', '/api/mail', driver)).statusCode).toBe(403);
  });
});

describe('POST /api/mail/:id/resend', () => {
  it('sends a copy linked to the original, held without SMTP', async () => {
    const original = await keep(
      { to: 'again@resend.test', subject: 'Invitation', text: 'Join' },
      new Date(),
    );
    const response = await request('POST', `/api/mail/${original.id}/resend`, admin);
    expect(response.statusCode).toBe(201);
    expect(response.json().mail).toMatchObject({
      to: 'again@resend.test',
      subject: 'Invitation',
      text: 'Join',
      status: 'held',
      resendOf: original.id,
    });
    const rows = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'again@resend.test'));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 for an unknown mail and 400 for an id that is not one, sending nothing', async () => {
    const before = (await request('GET', '/api/mail?limit=1', admin)).json().total;
    const unknown = await request(
      'POST',
      '/api/mail/00000000-0000-4000-8000-000000000000/resend',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await request('POST', '/api/mail/not-an-id/resend', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
    expect((await request('GET', '/api/mail?limit=1', admin)).json().total).toBe(before);
  });

  it('is for admins only', async () => {
    const original = await keep({ to: 'nobody@resend.test', subject: 'x' }, new Date());
    expect((await request('POST', `/api/mail/${original.id}/resend`, null)).statusCode).toBe(401);
    expect((await request('POST', `/api/mail/${original.id}/resend`, dispatcher)).statusCode).toBe(
      403,
    );
    expect((await request('POST', `/api/mail/${original.id}/resend`, driver)).statusCode).toBe(403);
  });
});

describe('with an SMTP server that refuses', () => {
  let smtp: TestApp;
  let server: net.Server;

  beforeAll(async () => {
    // A tiny SMTP server that refuses every recipient, so the failure is real.
    server = net.createServer((socket) => {
      socket.write('220 refuse.test ESMTP\r\n');
      socket.on('data', (chunk) => {
        for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 refuse.test\r\n');
          else if (verb === 'MAIL') socket.write('250 OK\r\n');
          else if (verb === 'RCPT') socket.write('550 5.1.1 No such user here\r\n');
          else if (verb === 'QUIT') socket.end('221 Bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await smtp.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('records the SMTP error, and a resend that fails again keeps its own error', async () => {
    const smtpAdmin = await smtp.createUser({ role: 'admin' });
    const mail = await smtp.app.mailer.send({
      to: 'x@refuse.test',
      subject: 'Hi',
      text: 'Body',
    });
    expect(mail.status).toBe('failed');
    expect(mail.error).toContain('No such user here');
    const again = await smtp.app.inject({
      method: 'POST',
      url: `/api/mail/${mail.id}/resend`,
      headers: { origin: TEST_ORIGIN, cookie: smtpAdmin.cookie },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().mail).toMatchObject({ status: 'failed', resendOf: mail.id });
  });
});

describe('the mailer without SMTP', () => {
  it('keeps the mail for Admin → Mail and logs who and what, never its text', async () => {
    const lines: unknown[][] = [];
    const log = {
      info: (...args: unknown[]) => lines.push(args),
      error: (...args: unknown[]) => lines.push(args),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      db: t.connection.db,
      log,
      fromAddress: 'ops@example.test',
      business: async () => ({ name: 'Test Chauffeurs', email: '' }),
    });
    // A reset link in the log would let anyone who reads it take the account over.
    const link = 'https://ops.example.test/api/auth/reset-password/SECRET-TOKEN-123';
    const kept = await mailer.send({
      to: 'reset-me@example.test',
      subject: 'Reset your password',
      text: `Open ${link}`,
    });

    expect(kept.text).toContain(link);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('SECRET-TOKEN-123');
    expect(logged).toContain('Reset your password');
    expect(logged).toContain('reset-me@example.test');
  });
});
