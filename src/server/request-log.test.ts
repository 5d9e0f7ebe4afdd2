import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import type { Connection } from './db/connect';
import { createTestConnection, TEST_ORIGIN, TEST_SECRET } from './test/test-app';

let app: App;
let connection: Connection;
const lines: string[] = [];

beforeAll(async () => {
  connection = await createTestConnection();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: TEST_SECRET }),
    connection,
    authSecret: TEST_SECRET,
    webRoot: null,
    logger: { level: 'info', stream },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await connection.close();
});

describe('request logs', () => {
  it('name the matched route, never the URL text with its tokens and search terms', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/SECRETTOKEN123?callbackURL=/x',
    });
    await app.inject({ method: 'GET', url: '/api/customers?q=Margaret%20Smith' });
    await app.inject({ method: 'GET', url: '/%61pi/nothing?token=SECRETTOKEN456' });
    const log = lines.join('');
    expect(log).toContain('"route":"/api/auth/*"');
    expect(log).toContain('"route":"/api/customers"');
    expect(log).toContain('"route":"(no route)"');
    expect(log).not.toContain('SECRETTOKEN');
    expect(log).not.toContain('Margaret');
  });

  it('write one line per request with its status and time, and never a body', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { origin: TEST_ORIGIN },
      payload: {
        distanceMeters: 12345,
        durationSeconds: 900,
        vehicleType: 'Standard HUG',
        childSeats: false,
      },
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: 'request',
      status: 200,
      req: { method: 'POST', route: '/api/quotes' },
      userId: null,
    });
    expect(typeof line.ms).toBe('number');
    expect(lines[0]).not.toContain('12345');
  });
});

describe("the sign-in library's own log lines", () => {
  it('go to the app log, never the console, and never with SQL parameters', async () => {
    // A database that refuses new users: better-auth logs "Failed to create
    // user" with the failed insert, whose parameters are the sign-up's name
    // and email.
    await connection.db.execute(
      sql.raw(`create function refuse_users() returns trigger language plpgsql as $$
        begin raise exception 'users are refused in this test'; end $$`),
    );
    await connection.db.execute(
      sql.raw(`create trigger refuse_users before insert on users
        for each row execute function refuse_users()`),
    );
    const console = [
      vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined),
      vi.spyOn(globalThis.console, 'warn').mockImplementation(() => undefined),
      vi.spyOn(globalThis.console, 'log').mockImplementation(() => undefined),
    ];
    lines.length = 0;
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: {
          name: 'Secret Name 4711',
          email: 'secret.address.4711@example.test',
          password: 'secret password 4711',
        },
      });
      expect(response.statusCode).toBeLessThan(500);
      for (const spy of console) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of console) spy.mockRestore();
      await connection.db.execute(sql.raw('drop trigger refuse_users on users'));
      await connection.db.execute(sql.raw('drop function refuse_users()'));
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = entries.find((entry) => entry.msg === 'Failed to create user');
    expect(failed).toMatchObject({
      level: 50,
      source: 'better-auth',
      err: { type: expect.any(String) },
    });
    expect(JSON.stringify(failed)).toContain('insert into \\"users\\"');
    const log = lines.join('');
    expect(log).toContain('users are refused in this test');
    expect(log).not.toContain('4711');
  });
});
