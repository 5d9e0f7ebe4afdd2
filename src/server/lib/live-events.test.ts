import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../domain/drivers';
import type { Connection } from '../db/connect';
import { connectSameDatabase, createTestConnection } from '../test/test-app';
import { createEventBus, type Delivery, type EventBus } from './live-events';

const silentLog = { error: () => undefined, warn: () => undefined } as never;

function driver(lat: number): Driver {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: null,
    firstName: 'Bus',
    lastName: 'Driver',
    email: null,
    phone: null,
    rating: null,
    status: 'active',
    availability: 'free',
    location: { lat, lng: 115.86, updatedAt: new Date().toISOString(), isStale: false },
    vehicle: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * The connection with its statements counted; while `held` is set, each
 * statement waits for it to be released (a slow NOTIFY).
 */
function controlled(connection: Connection) {
  const control = { statements: 0, held: null as Promise<void> | null };
  const db = new Proxy(connection.db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<Connection['db']['execute']>) => {
        control.statements += 1;
        if (control.held) await control.held;
        return target.execute(...args);
      };
    },
  });
  return { connection: { ...connection, db } as Connection, control };
}

function hold() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/** Resolves with the deliveries once `count` have arrived. */
function collect(bus: EventBus) {
  const deliveries: Delivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const subscribed = bus.subscribe((delivery) => {
    deliveries.push(delivery);
    for (const waiter of waiters) if (deliveries.length >= waiter.count) waiter.resolve();
  });
  return {
    deliveries,
    subscribed,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (deliveries.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
  };
}

const latitudes = (deliveries: Delivery[]) =>
  deliveries.map((d) => (d.event.type === 'driver.updated' ? d.event.driver.location?.lat : null));

describe('the live-events bus', () => {
  let base: Connection;
  const buses: EventBus[] = [];
  const others: Connection[] = [];

  beforeAll(async () => {
    base = await createTestConnection();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const connection of others) await connection.close();
    await base.close();
  });

  function busOn(connection: Connection) {
    const bus = createEventBus(
      { connection, config: { DATABASE_URL: undefined } as never },
      silentLog,
    );
    buses.push(bus);
    return bus;
  }

  it('delivers a published event in this process without waiting for the database, serialised once', async () => {
    const { connection, control } = controlled(base);
    const bus = busOn(connection);
    const mine = collect(bus);
    await mine.subscribed;
    const slow = hold();
    control.held = slow.held;
    const published = bus.publishDriver(driver(-31.901));
    // The NOTIFY (PostgreSQL) has not been answered: the stream has the event anyway.
    await mine.until(1);
    expect(mine.deliveries[0]!.json).toBe(JSON.stringify(mine.deliveries[0]!.event));
    slow.release();
    control.held = null;
    await published;
  });

  it("names a new booking's creator for dispatch's streams only, not in the JSON a driver's stream gets", async () => {
    const bus = busOn(base);
    const heard = collect(bus);
    await heard.subscribed;
    const booking = {
      id: 'b-created',
      reference: 'NEW001',
      status: 'pending',
      phone: '+61412000000',
      customer: null,
      driver: null,
    } as never;
    const notices = bus.bookingNotices('booking.created', [booking], 'user-dee');
    await base.db.transaction(async (tx) => {
      await tx.execute(notices!);
    });
    await heard.until(1);
    const delivery = heard.deliveries.at(-1)!;
    expect(delivery.event).toEqual({ type: 'booking.created', booking, createdBy: 'user-dee' });
    expect(JSON.parse(delivery.json)).toMatchObject({ createdBy: 'user-dee' });
    expect(JSON.parse(delivery.driverJson)).toEqual({ type: 'booking.created', booking });
  });

  it.runIf(process.env.DATABASE_URL)(
    'sends the notices published while one is under way in one statement; other processes get each once, in order, and this one does not get its own back',
    async () => {
      const { connection, control } = controlled(base);
      const bus = busOn(connection);
      const second = await connectSameDatabase(base);
      others.push(second);
      const other = busOn(second);
      const here = collect(bus);
      const there = collect(other);
      await Promise.all([here.subscribed, there.subscribed]);
      const slow = hold();
      control.held = slow.held;
      const published = [bus.publishDriver(driver(-31.911))];
      await vi.waitFor(() => expect(control.statements).toBe(1));
      for (const lat of [-31.912, -31.913, -31.914]) published.push(bus.publishDriver(driver(lat)));
      slow.release();
      control.held = null;
      await Promise.all(published);
      expect(control.statements).toBe(2);
      await there.until(4);
      expect(latitudes(there.deliveries)).toEqual([-31.911, -31.912, -31.913, -31.914]);
      // A notice of the other process's arrives here after any echo of ours would have.
      await other.publishDriver(driver(-31.915));
      await here.until(5);
      expect(latitudes(here.deliveries)).toEqual([-31.911, -31.912, -31.913, -31.914, -31.915]);
    },
  );

  it.runIf(!process.env.DATABASE_URL)(
    'hands a notice to every bus on the same PGlite database without a statement',
    async () => {
      const { connection, control } = controlled(base);
      const bus = busOn(connection);
      const other = busOn(base);
      const here = collect(bus);
      const there = collect(other);
      await Promise.all([here.subscribed, there.subscribed]);
      await bus.publishDriver(driver(-31.921));
      await bus.publishDriver(driver(-31.922));
      await Promise.all([here.until(2), there.until(2)]);
      expect(control.statements).toBe(0);
      expect(latitudes(here.deliveries)).toEqual([-31.921, -31.922]);
      expect(latitudes(there.deliveries)).toEqual([-31.921, -31.922]);
    },
  );
});
