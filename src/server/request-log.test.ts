import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
