import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS } from '../domain/fares';
import { rateLimits } from './db/schema';
import { openStream } from './test/event-stream';
import { freePort, startServerProcess, type ServerProcess } from './test/server-process';
import { createTestApp, TEST_SECRET, type TestApp, type TestUser } from './test/test-app';
import { ONLINE_TRIP } from './test/online-trip';

// Two real server processes on one PostgreSQL database, as behind a load
// balancer: what happens on one must be seen by the other.

const SIGN_IN_IP_LIMIT = 4;

describe.skipIf(!process.env.DATABASE_URL)(
  'two app processes on one PostgreSQL (skipped without DATABASE_URL: runs in the PostgreSQL pass)',
  () => {
    let t: TestApp;
    let admin: TestUser;
    let dispatcher: TestUser;
    const servers: ServerProcess[] = [];
    let urlA: string;
    let urlB: string;

    beforeAll(async () => {
      // The in-process app only creates the users; the two servers share its database.
      t = await createTestApp();
      admin = await t.createUser({ role: 'admin' });
      dispatcher = await t.createUser({ role: 'dispatcher' });
      const databaseUrl = t.connection.pool!.options.connectionString!;
      for (const port of [await freePort(), await freePort()]) {
        servers.push(
          startServerProcess({
            DATABASE_URL: databaseUrl,
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: `http://localhost:${port}`,
            AUTH_SECRET: TEST_SECRET,
            SIGN_IN_IP_LIMIT: String(SIGN_IN_IP_LIMIT),
            // Warnings only: the start-up warning below is one.
            LOG_LEVEL: 'warn',
          }),
        );
      }
      [urlA, urlB] = (await Promise.all(servers.map((server) => server.ready))) as [string, string];
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await t?.close();
    });

    it('each warns at start that its documents stay on its own disk without S3_BUCKET', () => {
      for (const server of servers) expect(server.output()).toContain('set S3_BUCKET');
    });

    it('an event created on one reaches a stream on the other', async () => {
      const stream = await openStream(urlB, dispatcher.cookie);
      try {
        expect(stream.status).toBe(200);
        const created = await fetch(`${urlA}/api/online-bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: urlA },
          body: JSON.stringify({
            ...ONLINE_TRIP,
            pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
            numPassengers: 2,
            largeSuitcases: 1,
            mediumSuitcases: 0,
            vehicleType: 'Standard HUG',
            childSeats: false,
            passengerName: 'Two Servers',
            phone: '0412 345 678',
            email: 'two-servers@example.test',
          }),
        });
        expect(created.status).toBe(201);
        const { booking } = (await created.json()) as { booking: { id: string } };
        const event = await stream.waitFor(
          (item) => item.type === 'booking.created' && item.booking.id === booking.id,
        );
        expect(event.type).toBe('booking.created');
      } finally {
        stream.close();
      }
    });

    it('a tariff edit on one prices the quotes of the other within a second', async () => {
      const quote = async () => {
        const response = await fetch(`${urlB}/api/quotes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: urlB },
          body: JSON.stringify({
            distanceMeters: 1000,
            durationSeconds: 60,
            vehicleType: 'Standard HUG',
            childSeats: false,
          }),
        });
        return ((await response.json()) as { baseRate: number }).baseRate;
      };
      // B has the current table cached.
      expect(await quote()).toBe(DEFAULT_TARIFFS['Standard HUG'].baseCents / 100);

      const saved = await fetch(`${urlA}/api/settings/tariffs`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: urlA, cookie: admin.cookie },
        body: JSON.stringify({
          ...DEFAULT_TARIFFS,
          'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 4321 },
        }),
      });
      expect(saved.status).toBe(200);
      const savedAt = Date.now();
      let baseRate = await quote();
      while (baseRate !== 43.21 && Date.now() - savedAt < 1000) baseRate = await quote();
      expect(baseRate).toBe(43.21);
    });

    describe('a session one has cached is dropped when the other ends or changes it', () => {
      const me = (url: string, cookie: string) => fetch(`${url}/api/me`, { headers: { cookie } });
      /**
       * B's answer once the notice has arrived: asked again until it changes,
       * for at most 5 s, far inside the cache's 30 s (decision 32).
       */
      async function settledAnswer(cookie: string, before: string): Promise<string> {
        const askedAt = Date.now();
        let answer = before;
        while (answer === before && Date.now() - askedAt < 5000) {
          const response = await me(urlB, cookie);
          answer = `${response.status} ${((await response.json()) as { role?: string }).role}`;
        }
        return answer;
      }
      const patchOnA = (id: string, body: object) =>
        fetch(`${urlA}/api/users/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', origin: urlA, cookie: admin.cookie },
          body: JSON.stringify(body),
        });

      it('sign-out', async () => {
        const user = await t.createUser({ role: 'dispatcher' });
        expect((await me(urlB, user.cookie)).status).toBe(200);
        const signedOut = await fetch(`${urlA}/api/auth/sign-out`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: urlA, cookie: user.cookie },
          body: '{}',
        });
        expect(signedOut.status).toBe(200);
        expect(await settledAnswer(user.cookie, '200 dispatcher')).toBe('401 undefined');
      });

      it('role change', async () => {
        const user = await t.createUser({ role: 'dispatcher' });
        expect((await me(urlB, user.cookie)).status).toBe(200);
        expect((await patchOnA(user.id, { role: 'driver' })).status).toBe(200);
        expect(await settledAnswer(user.cookie, '200 dispatcher')).toBe('200 driver');
      });

      it('disable', async () => {
        const user = await t.createUser({ role: 'dispatcher' });
        expect((await me(urlB, user.cookie)).status).toBe(200);
        expect((await patchOnA(user.id, { disabled: true })).status).toBe(200);
        expect(await settledAnswer(user.cookie, '200 dispatcher')).toBe('401 undefined');
      });
    });

    it('counts sign-in attempts from one address across both', async () => {
      // Start from no count: the users' sign-ins above came from this address too.
      await t.connection.db.delete(rateLimits).where(like(rateLimits.key, 'auth|%'));
      const statuses: number[] = [];
      for (let attempt = 0; attempt < SIGN_IN_IP_LIMIT + 2; attempt += 1) {
        const url = attempt % 2 === 0 ? urlA : urlB;
        const response = await fetch(`${url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: url,
          },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'wrong password 1' }),
        });
        statuses.push(response.status);
      }
      // Per process, each would have allowed SIGN_IN_IP_LIMIT: together, once.
      expect(statuses).toEqual([...Array.from({ length: SIGN_IN_IP_LIMIT }, () => 401), 429, 429]);
    });
  },
);
