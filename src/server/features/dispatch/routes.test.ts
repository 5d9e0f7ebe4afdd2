import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let admin: TestUser;
let driver: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, admin, driver] = await Promise.all([
    t.createUser({ role: 'dispatcher' }),
    t.createUser({ role: 'admin' }),
    t.createUser({ role: 'driver' }),
  ]);
});
afterAll(() => t.close());

function post(url: string, user: TestUser | null, payload: object, headers: object = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...headers },
    payload,
  });
}

function get(url: string, user: TestUser | null) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

describe('corporate accounts', () => {
  it('creates an account with the code in upper case and lists it', async () => {
    const created = await post('/api/accounts', dispatcher, { code: 'bhp-01', name: 'BHP Perth' });
    expect(created.statusCode).toBe(201);
    expect(created.json().account).toMatchObject({ code: 'BHP-01', name: 'BHP Perth' });

    const listed = await get('/api/accounts', dispatcher);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().accounts.map((account: { code: string }) => account.code)).toContain(
      'BHP-01',
    );
  });

  it('refuses a code that exists already, in any case, with 409', async () => {
    await post('/api/accounts', dispatcher, { code: 'RIO-7', name: 'Rio Tinto' });
    const again = await post('/api/accounts', dispatcher, { code: 'rio-7', name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Account code RIO-7 already exists.');
  });

  it('refuses a code that is not 2 to 20 letters, digits or dashes', async () => {
    const response = await post('/api/accounts', dispatcher, { code: 'A B', name: 'Spaces' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      code: 'use 2 to 20 letters, digits or dashes',
    });
    expect((await post('/api/accounts', dispatcher, {})).statusCode).toBe(400);
  });

  it('lets dispatch and admins list (not drivers), only dispatchers create', async () => {
    expect((await get('/api/accounts', null)).statusCode).toBe(401);
    expect((await get('/api/accounts', driver)).statusCode).toBe(403);
    expect((await get('/api/accounts', admin)).statusCode).toBe(200);
    expect((await get('/api/accounts', dispatcher)).statusCode).toBe(200);
    expect((await post('/api/accounts', admin, { code: 'ADM', name: 'x' })).statusCode).toBe(403);
    expect((await post('/api/accounts', driver, { code: 'DRV', name: 'x' })).statusCode).toBe(403);
  });
});

describe('emails', () => {
  it('keeps the mail in the outbox when no SMTP server is configured, and the admin reads it', async () => {
    const response = await post('/api/emails', dispatcher, {
      to: 'guest@example.test',
      subject: 'Your booking',
      message: 'Your driver will meet you at T1 arrivals.',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'kept-in-outbox' });

    const outbox = await get('/api/mail', admin);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().mails[0]).toMatchObject({
      to: 'guest@example.test',
      subject: 'Your booking',
      text: 'Your driver will meet you at T1 arrivals.',
      status: 'held',
      sentAt: null,
    });
  });

  it('names a bad field and never sends', async () => {
    const response = await post('/api/emails', dispatcher, {
      to: 'not-an-address',
      subject: 'x',
      message: 'y',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('to: enter a valid email address');
    expect((await post('/api/emails', dispatcher, {})).statusCode).toBe(400);
    const long = await post('/api/emails', dispatcher, {
      to: 'a@example.test',
      subject: 's'.repeat(201),
      message: 'y',
    });
    expect(long.json().error.fields).toHaveProperty('subject');
  });

  it('lets dispatchers send and only admins read the outbox', async () => {
    const mail = { to: 'a@example.test', subject: 's', message: 'm' };
    expect((await post('/api/emails', null, mail)).statusCode).toBe(401);
    expect((await post('/api/emails', driver, mail)).statusCode).toBe(403);
    expect((await get('/api/mail', dispatcher)).statusCode).toBe(403);
    expect((await get('/api/mail', null)).statusCode).toBe(401);
  });
});
