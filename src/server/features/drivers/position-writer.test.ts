import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../../db/database';
import { drivers } from '../../db/schema';
import {
  createTestApp,
  createTestConnection,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/test-app';
import { createPositionWriter, writePositions } from './position-writer';

let t: TestApp;
const driverIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.connection.db
    .insert(drivers)
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        firstName: 'Writer',
        lastName: `Driver ${index}`,
        status: 'active',
      })),
    )
    .returning({ id: drivers.id });
  driverIds.push(...rows.map((row) => row.id));
});

afterAll(() => t.close());

afterEach(() => {
  vi.useRealTimers();
});

/** The database, counting the statements the writer sends. */
function counting(db: Executor) {
  const counter = { statements: 0 };
  const executor = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return (...args: Parameters<Executor['execute']>) => {
        counter.statements += 1;
        return target.execute(...args);
      };
    },
  });
  return { executor, counter };
}

const silentLog = { error: () => undefined } as never;

async function storedPositions(ids: string[]) {
  const rows = await t.connection.db
    .select({
      id: drivers.id,
      lat: drivers.latitude,
      lng: drivers.longitude,
      at: drivers.locationUpdatedAt,
    })
    .from(drivers)
    .where(inArray(drivers.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

describe('the position writer', () => {
  it('writes every position of a second in one statement, a second after the first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { executor, counter } = counting(t.connection.db);
    const writer = createPositionWriter(executor, silentLog, 1000);
    const at = new Date('2026-03-02T01:00:00Z');
    const batch = driverIds.slice(0, 20);
    for (const [index, driverId] of batch.entries()) {
      writer.record({
        driverId,
        lat: -31.9 - index / 1000,
        lng: 115.8,
        accuracy: 5,
        heading: null,
        at,
      });
    }
    await vi.advanceTimersByTimeAsync(999);
    expect(counter.statements).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await writer.flush();
    expect(counter.statements).toBe(1);
    const stored = await storedPositions(batch);
    for (const [index, driverId] of batch.entries()) {
      expect(stored.get(driverId)).toMatchObject({ lat: -31.9 - index / 1000, lng: 115.8, at });
    }
    await writer.close();
  });

  it('keeps only the newest report of a driver and never moves a stored position back', async () => {
    const driverId = driverIds[20]!;
    const writer = createPositionWriter(t.connection.db, silentLog, 60_000);
    writer.record({
      driverId,
      lat: -31.5,
      lng: 115.5,
      accuracy: null,
      heading: null,
      at: new Date('2026-03-02T02:00:02Z'),
    });
    writer.record({
      driverId,
      lat: -31.4,
      lng: 115.4,
      accuracy: null,
      heading: null,
      at: new Date('2026-03-02T02:00:01Z'),
    });
    await writer.flush();
    expect((await storedPositions([driverId])).get(driverId)).toMatchObject({
      lat: -31.5,
      lng: 115.5,
    });

    // A write that arrives late (an older position) leaves the newer one.
    await writePositions(t.connection.db, [
      {
        driverId,
        lat: -30,
        lng: 115,
        accuracy: null,
        heading: null,
        at: new Date('2026-03-02T01:59:00Z'),
      },
    ]);
    expect((await storedPositions([driverId])).get(driverId)).toMatchObject({
      lat: -31.5,
      lng: 115.5,
    });
    await writer.close();
  });

  it('shows a waiting position in reads before it is written', async () => {
    const writer = createPositionWriter(t.connection.db, silentLog, 60_000);
    const at = new Date('2026-03-02T03:00:00Z');
    const id = crypto.randomUUID();
    writer.record({ driverId: id, lat: -32, lng: 116, accuracy: null, heading: null, at });
    const driver = {
      id,
      location: { lat: -31, lng: 115, updatedAt: '2026-03-02T02:59:00.000Z', isStale: false },
    } as Parameters<typeof writer.overlay>[0];
    expect(writer.overlay(driver).location).toEqual({
      lat: -32,
      lng: 116,
      updatedAt: at.toISOString(),
      isStale: false,
    });
    const other = { ...driver, id: crypto.randomUUID() };
    expect(writer.overlay(other)).toBe(other);
    await writer.close();
  });

  it('keeps the positions of a failed write for the next one', async () => {
    const driverId = driverIds[21]!;
    let fail = true;
    const flaky = new Proxy(t.connection.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return (...args: Parameters<Executor['execute']>) =>
          fail ? Promise.reject(new Error('connection lost')) : target.execute(...args);
      },
    });
    const writer = createPositionWriter(flaky, silentLog, 60_000);
    writer.record({
      driverId,
      lat: -31.7,
      lng: 115.7,
      accuracy: null,
      heading: null,
      at: new Date(),
    });
    await writer.flush();
    expect((await storedPositions([driverId])).get(driverId)!.lat).toBeNull();
    fail = false;
    await writer.flush();
    expect((await storedPositions([driverId])).get(driverId)!.lat).toBe(-31.7);
    await writer.close();
  });
});

describe('a reported position across a shutdown', () => {
  it('is written when the app closes, before the database does', async () => {
    const connection = await createTestConnection();
    const local = await createTestApp({}, { connection });
    const user = await local.createUser({ role: 'driver' });
    const [driver] = await connection.db
      .insert(drivers)
      .values({ firstName: 'Closing', lastName: 'Driver', status: 'active', userId: user.id })
      .returning({ id: drivers.id });
    const response = await local.app.inject({
      method: 'POST',
      url: '/api/drivers/me/location',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { lat: -31.96, lng: 115.85 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().driver.location).toMatchObject({ lat: -31.96, lng: 115.85 });
    await local.app.close();
    const [row] = await connection.db.select().from(drivers).where(eq(drivers.id, driver!.id));
    expect(row).toMatchObject({ latitude: -31.96, longitude: 115.85 });
    await connection.close();
    fs.rmSync(local.config.dataDir, { recursive: true, force: true });
  });
});
