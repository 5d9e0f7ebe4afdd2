import { PGlite } from '@electric-sql/pglite';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteFare } from '../../../domain/fares';
import { dollarsToCents } from '../../../domain/format';
import { estimateDriveSeconds, haversineMeters, PERTH_CENTRE } from '../../../domain/maps';
import { isVehicleType } from '../../../domain/vehicles';
import { wrapPglite, type Connection } from '../connect';
import {
  accounts,
  bookingEvents,
  bookingRatings,
  bookings,
  customers,
  driverShifts,
  drivers,
  settings,
  userProfiles,
  users,
  vehicles,
} from '../schema';
import { DEFAULT_BUSINESS } from '../../../domain/settings';
import { SETTING_KEYS } from '../../features/settings/settings-repository';
import {
  DEMO_BUSINESS,
  DEMO_USERS,
  SIMULATED_DRIVER_EMAILS,
  isDatabaseEmpty,
  seedDemoData,
  type CreateUser,
  type SeedSummary,
} from './seed-demo-data';
import { BOOKING_STATUSES } from './generate-bookings';
import { SAVED_ADDRESS_LABELS } from './perth-reference-data';

// 10:30 on a Tuesday morning in Perth.
const NOW = new Date('2026-03-10T02:30:00.000Z');
const DAY_MS = 86_400_000;
const IN_PROGRESS = ['en-route', 'arrived', 'on-board'];
const WITH_DRIVER = ['assigned', ...IN_PROGRESS, 'completed', 'no-show'];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Map.groupBy arrives with Node 21; the project runs on Node 20.
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

async function openMigratedDatabase(): Promise<Connection> {
  const connection = wrapPglite(new PGlite());
  await connection.migrate();
  return connection;
}

/**
 * Stands in for the auth library: a user row, its password account (made and
 * updated at once, as sign-up writes it) and the profile its hook adds, with no role.
 */
function createUserIn(connection: Connection): CreateUser {
  return async ({ email, name }) => {
    const id = `user-${email}`;
    await connection.db.insert(users).values({ id, email, name });
    const madeAt = new Date('2030-01-01T00:00:00Z');
    await connection.db.insert(accounts).values({
      id: `account-${email}`,
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: 'hashed',
      createdAt: madeAt,
      updatedAt: madeAt,
    });
    await connection.db.insert(userProfiles).values({ userId: id, role: null });
    return id;
  };
}

async function seed(connection: Connection): Promise<SeedSummary> {
  return seedDemoData(connection.db, { now: NOW, createUser: createUserIn(connection) });
}

describe('seedDemoData', () => {
  let first: Connection;
  let second: Connection;
  let summary: SeedSummary;
  let wasEmptyBefore: boolean;

  beforeAll(async () => {
    [first, second] = await Promise.all([openMigratedDatabase(), openMigratedDatabase()]);
    wasEmptyBefore = await isDatabaseEmpty(first.db);
    summary = await seed(first);
    await seed(second);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('reports what it wrote', async () => {
    const { db } = first;
    expect(summary).toMatchObject({
      users: DEMO_USERS.length + SIMULATED_DRIVER_EMAILS.length,
      customers: 200,
      drivers: 25,
      bookings: 3000,
      events: await db.$count(bookingEvents),
    });
    expect(await db.$count(customers)).toBe(summary.customers);
    expect(await db.$count(vehicles)).toBe(summary.vehicles);
    expect(summary.vehicles).toBeGreaterThanOrEqual(10);
    expect(await db.$count(drivers)).toBe(summary.drivers);
    expect(await db.$count(bookings)).toBe(summary.bookings);
  });

  it("saves the demo business's phone; a real business starts with none (decision 230)", async () => {
    const [row] = await first.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SETTING_KEYS.business));
    expect(row?.value).toEqual(DEMO_BUSINESS);
    expect(DEMO_BUSINESS.phone).not.toBe('');
    expect(DEFAULT_BUSINESS.phone).toBe('');
  });

  it('tells an empty database from a seeded one', async () => {
    expect(wasEmptyBefore).toBe(true);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
  });

  it('gives each demo user their role', async () => {
    const profiles = await first.db.select().from(userProfiles);
    const roleOf = new Map(profiles.map((profile) => [profile.userId, profile.role]));
    for (const user of DEMO_USERS) {
      expect(roleOf.get(summary.userIds[user.role])).toBe(user.role);
    }
  });

  it('writes the same rows for the same seed and now', async () => {
    const read = async ({ db }: Connection) => ({
      bookings: await db
        .select({
          id: bookings.id,
          reference: bookings.reference,
          fareAmount: bookings.fareAmount,
          status: bookings.status,
          pickupTime: bookings.pickupTime,
          driverId: bookings.driverId,
        })
        .from(bookings)
        .orderBy(asc(bookings.id)),
      customers: await db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .orderBy(asc(customers.id)),
      drivers: await db
        .select({ id: drivers.id, latitude: drivers.latitude, longitude: drivers.longitude })
        .from(drivers)
        .orderBy(asc(drivers.id)),
    });
    const [a, b] = await Promise.all([read(first), read(second)]);
    expect(a.bookings).toHaveLength(3000);
    expect(b).toEqual(a);
  });

  it('uses v4-shaped ids and unique six-character references', async () => {
    const rows = await first.db
      .select({ id: bookings.id, reference: bookings.reference })
      .from(bookings);
    for (const row of rows) {
      expect(row.id).toMatch(UUID_V4);
      expect(row.reference).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    }
    expect(new Set(rows.map((row) => row.reference)).size).toBe(rows.length);
    const customerIds = await first.db.select({ id: customers.id }).from(customers);
    for (const row of customerIds) expect(row.id).toMatch(UUID_V4);
  });

  it('shows every booking status', async () => {
    const rows = await first.db.selectDistinct({ status: bookings.status }).from(bookings);
    expect(rows.map((row) => row.status).sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it('mostly completes past bookings and leaves most future ones pending', async () => {
    const rows = await first.db
      .select({ status: bookings.status, pickupTime: bookings.pickupTime })
      .from(bookings);
    const past = rows.filter((row) => row.pickupTime < NOW && !IN_PROGRESS.includes(row.status));
    const share = (list: typeof rows, status: string) =>
      list.filter((row) => row.status === status).length / list.length;
    expect(share(past, 'completed')).toBeGreaterThan(0.8);
    expect(share(past, 'cancelled')).toBeGreaterThan(0.04);
    expect(share(past, 'no-show')).toBeGreaterThan(0.01);
    // Unassigned bookings in the past are only the last day's stragglers.
    for (const row of past.filter((candidate) => candidate.status === 'pending')) {
      expect(NOW.getTime() - row.pickupTime.getTime()).toBeLessThan(DAY_MS);
    }
    const future = rows.filter((row) => row.pickupTime > NOW && !IN_PROGRESS.includes(row.status));
    expect(share(future, 'pending')).toBeGreaterThan(0.45);
    expect(share(future, 'pending')).toBeLessThan(0.75);
    const earliest = Math.min(...rows.map((row) => row.pickupTime.getTime()));
    const latest = Math.max(...rows.map((row) => row.pickupTime.getTime()));
    expect(earliest).toBeGreaterThanOrEqual(NOW.getTime() - 60 * DAY_MS);
    expect(latest).toBeLessThanOrEqual(NOW.getTime() + 21 * DAY_MS);
  });

  it('has about 200 customers, many with saved addresses and reachable by phone or email', async () => {
    const rows = await first.db.select().from(customers);
    expect(rows).toHaveLength(200);
    const withSaved = rows.filter((row) => row.savedAddresses.length > 0);
    expect(withSaved.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.savedAddresses.length).toBeLessThanOrEqual(4);
      for (const saved of row.savedAddresses) {
        expect(SAVED_ADDRESS_LABELS).toContain(saved.label);
        expect(saved.address).toMatch(/ WA 6\d{3}$/);
      }
      expect(row.email ?? row.phone).toBeTruthy();
      if (row.email) expect(row.email).toMatch(/^[a-z0-9._]+@[a-z.]+$/);
      if (row.phone) {
        expect(row.phone).toMatch(/^\+614\d{8}$/);
        expect(parsePhoneNumberFromString(row.phone)?.getType()).toBe('MOBILE');
      }
      if (row.homeAddress)
        expect(row.homeAddress).toMatch(/^[\d/]+ [A-Za-z ]+, [A-Za-z ]+ WA 6\d{3}$/);
      if (row.preferredVehicleType) expect(isVehicleType(row.preferredVehicleType)).toBe(true);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(row.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 731 * DAY_MS);
    }
  });

  it('has 25 drivers, about 15 on shift near Perth with positions from the last minute', async () => {
    const rows = await first.db.select().from(drivers);
    expect(rows).toHaveLength(25);
    const active = rows.filter((row) => row.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(12);
    expect(active.length).toBeLessThanOrEqual(18);
    expect(rows.filter((row) => row.status === 'suspended')).toHaveLength(2);
    // Each on the road holds an open shift, which the phone reads; no one else does.
    const open = await first.db.select().from(driverShifts).where(isNull(driverShifts.endedAt));
    expect(open.map((shift) => shift.driverId).sort()).toEqual(
      active.map((driver) => driver.id).sort(),
    );
    // The others have driven too (a shift last week): the demo's drivers all have
    // a history, and the two suspended ones are suspended by an expired licence.
    const all = await first.db.select().from(driverShifts);
    const past = all.filter((shift) => shift.endedAt !== null);
    expect(past.map((shift) => shift.driverId).sort()).toEqual(
      rows
        .filter((row) => row.status !== 'active')
        .map((row) => row.id)
        .sort(),
    );
    for (const shift of past) {
      expect(shift.startedAt.getTime()).toBeLessThan(shift.endedAt!.getTime());
      expect(shift.endedAt!.getTime()).toBeLessThan(NOW.getTime());
    }
    for (const driver of active) {
      expect(driver.latitude).not.toBeNull();
      expect(driver.longitude).not.toBeNull();
      const position = { lat: driver.latitude ?? 0, lng: driver.longitude ?? 0 };
      expect(haversineMeters(PERTH_CENTRE, position)).toBeLessThan(40_000);
      const age = NOW.getTime() - (driver.locationUpdatedAt?.getTime() ?? 0);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(60_000);
      expect(driver.vehicleId).not.toBeNull();
    }
    // Each rating is the average of the ratings given on the driver's completed jobs.
    const ratings = await first.db.select().from(bookingRatings);
    for (const driver of rows) {
      const given = ratings.filter((rating) => rating.driverId === driver.id);
      if (given.length === 0) {
        expect(driver.rating).toBeNull();
        continue;
      }
      const average = given.reduce((sum, rating) => sum + rating.rating, 0) / given.length;
      // Rounded to one decimal.
      expect(Math.abs(Number(driver.rating) - average)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Number(driver.rating)).toBeGreaterThanOrEqual(3.5);
    }
  });

  it('gives the drivers the demo simulation drives accounts of their own, apart from driver@demo.test', async () => {
    const linked = await first.db
      .select({
        id: drivers.id,
        status: drivers.status,
        vehicleId: drivers.vehicleId,
        email: users.email,
        name: users.name,
        firstName: drivers.firstName,
        role: userProfiles.role,
      })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(inArray(users.email, [...SIMULATED_DRIVER_EMAILS]));
    expect(linked.map((driver) => driver.email).sort()).toEqual([...SIMULATED_DRIVER_EMAILS]);
    expect(linked.map((driver) => driver.id).sort()).toEqual(
      [...summary.simulatedDriverIds].sort(),
    );
    for (const driver of linked) {
      expect(driver).toMatchObject({ status: 'active', role: 'driver' });
      expect(driver.vehicleId).not.toBeNull();
      expect(driver.name.startsWith(driver.firstName)).toBe(true);
    }
    expect(summary.simulatedDriverIds).not.toContain(summary.linkedDriverId);
  });

  it("counts the demo accounts' known password as chosen: the roster reads them Linked", async () => {
    const rows = await first.db
      .select({
        userId: accounts.userId,
        createdAt: accounts.createdAt,
        updatedAt: accounts.updatedAt,
      })
      .from(accounts);
    expect(rows.length).toBeGreaterThanOrEqual(3 + summary.simulatedDriverIds.length);
    for (const row of rows)
      expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
  });

  it('links the demo driver user to an active driver with a vehicle and jobs ahead', async () => {
    const linked = await first.db
      .select()
      .from(drivers)
      .where(eq(drivers.userId, summary.userIds.driver));
    expect(linked).toHaveLength(1);
    const [driver] = linked;
    expect(driver?.id).toBe(summary.linkedDriverId);
    expect(driver?.status).toBe('active');
    expect(driver?.vehicleId).not.toBeNull();

    const jobs = await first.db
      .select({ status: bookings.status, pickupTime: bookings.pickupTime })
      .from(bookings)
      .where(eq(bookings.driverId, summary.linkedDriverId));
    const upcoming = jobs.filter((job) => job.status === 'assigned' && job.pickupTime > NOW);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.some((job) => job.pickupTime.getTime() - NOW.getTime() < 6 * 3_600_000)).toBe(
      true,
    );
  });

  it("keeps each customer's totals equal to what their bookings give", async () => {
    const rows = await first.db.select().from(customers);
    const all = await first.db
      .select({
        customerId: bookings.customerId,
        status: bookings.status,
        fareAmount: bookings.fareAmount,
        pickupTime: bookings.pickupTime,
      })
      .from(bookings);
    expect(
      all.filter((booking) => booking.customerId !== null).length / all.length,
    ).toBeGreaterThan(0.75);
    for (const customer of rows) {
      const own = all.filter((booking) => booking.customerId === customer.id);
      const kept = own.filter((booking) => booking.status !== 'cancelled');
      const spentCents = own
        .filter((booking) => booking.status === 'completed')
        .reduce((sum, booking) => sum + dollarsToCents(booking.fareAmount), 0);
      const keptTimes = kept
        .filter((booking) => booking.pickupTime.getTime() <= Date.now())
        .map((booking) => booking.pickupTime.getTime());
      expect(customer.totalBookings).toBe(kept.length);
      expect(dollarsToCents(customer.totalSpent)).toBe(spentCents);
      expect(customer.lastBookingDate?.getTime() ?? null).toBe(
        keptTimes.length > 0 ? Math.max(...keptTimes) : null,
      );
    }
  });

  it('prices every booking with quoteFare for its stored distance, duration and vehicle', async () => {
    const rows = await first.db.select().from(bookings);
    for (const booking of rows) {
      if (!isVehicleType(booking.vehicleType))
        throw new Error(`bad vehicle type ${booking.vehicleType}`);
      const quote = quoteFare({
        distanceMeters: booking.distanceMeters ?? Number.NaN,
        durationSeconds: booking.durationSeconds ?? Number.NaN,
        vehicleType: booking.vehicleType,
        childSeats: booking.notes.includes('Child seat required'),
      });
      expect(dollarsToCents(booking.fareAmount)).toBe(quote.roundedFareCents);
    }
  });

  it('estimates distance and duration as the offline maps provider does: 1.3 times the straight line, at its speed bands', async () => {
    const rows = await first.db.select().from(bookings);
    for (const booking of rows) {
      const straight = haversineMeters(
        { lat: booking.pickupLat ?? 0, lng: booking.pickupLng ?? 0 },
        { lat: booking.dropoffLat ?? 0, lng: booking.dropoffLng ?? 0 },
      );
      expect(booking.distanceMeters).toBe(Math.round(straight * 1.3));
      expect(booking.durationSeconds).toBe(Math.round(estimateDriveSeconds(straight * 1.3)));
      expect(booking.numPassengers).toBeGreaterThanOrEqual(1);
      expect(booking.numPassengers).toBeLessThanOrEqual(7);
      expect(booking.numSuitcases).toBeLessThanOrEqual(4);
    }
  });

  it('gives no driver two rides in progress, and rides in progress only to drivers on shift', async () => {
    const driverRows = await first.db.select().from(drivers);
    const statusOf = new Map(driverRows.map((driver) => [driver.id, driver.status]));
    const rows = await first.db.select().from(bookings);
    const inProgress = rows.filter((booking) => IN_PROGRESS.includes(booking.status));
    expect(inProgress.length).toBeGreaterThanOrEqual(3);
    const driverIds = inProgress.map((booking) => booking.driverId);
    expect(new Set(driverIds).size).toBe(driverIds.length);
    for (const driverId of driverIds) expect(statusOf.get(driverId ?? '')).toBe('active');
  });

  it("puts the driver's own vehicle on every booking a driver took", async () => {
    const driverRows = await first.db.select().from(drivers);
    const vehicleOf = new Map(driverRows.map((driver) => [driver.id, driver.vehicleId]));
    const rows = await first.db.select().from(bookings);
    for (const booking of rows.filter((candidate) => WITH_DRIVER.includes(candidate.status))) {
      expect(booking.driverId).not.toBeNull();
      expect(booking.vehicleId).toBe(vehicleOf.get(booking.driverId ?? ''));
    }
    for (const booking of rows.filter((candidate) => candidate.status === 'pending')) {
      expect(booking.driverId).toBeNull();
    }
  });

  it('records each booking from creation through every status change to where it is now', async () => {
    const rows = await first.db.select().from(bookings);
    const events = await first.db
      .select()
      .from(bookingEvents)
      .orderBy(asc(bookingEvents.bookingId), asc(bookingEvents.occurredAt), asc(bookingEvents.id));
    const byBooking = groupBy(events, (event) => event.bookingId);
    const linkedDriverUser = summary.userIds.driver;
    const customerCreatedAt = new Map(
      (await first.db.select().from(customers)).map((customer) => [
        customer.id,
        customer.createdAt,
      ]),
    );
    for (const booking of rows) {
      if (booking.customerId) {
        expect(customerCreatedAt.get(booking.customerId)?.getTime()).toBeLessThanOrEqual(
          booking.createdAt.getTime(),
        );
      }
      const history = byBooking.get(booking.id) ?? [];
      const [created, ...changes] = history;
      expect(created?.type).toBe('created');
      expect(created?.occurredAt.getTime()).toBe(booking.createdAt.getTime());
      expect(booking.createdAt.getTime()).toBeLessThan(booking.pickupTime.getTime());
      let status = 'pending';
      for (const change of changes) {
        expect(change.fromStatus).toBe(status);
        expect(change.type).toBe(change.toStatus === 'assigned' ? 'assigned' : 'status');
        if (change.type === 'assigned') {
          expect(change.changes).toMatchObject({ driverId: booking.driverId });
          expect(change.actorUserId).toBe(summary.userIds.dispatcher);
        }
        if (
          ['en-route', 'arrived', 'on-board', 'completed', 'no-show'].includes(
            change.toStatus ?? '',
          )
        ) {
          const isLinked = booking.driverId === summary.linkedDriverId;
          expect(change.actorUserId).toBe(isLinked ? linkedDriverUser : null);
        }
        status = change.toStatus ?? '';
      }
      expect(status).toBe(booking.status);
      // The WA booking record's journey times are the on-board and completed events' times.
      const at = (to: string) => history.find((event) => event.toStatus === to)?.occurredAt ?? null;
      expect(booking.journeyStartedAt?.getTime() ?? null).toBe(at('on-board')?.getTime() ?? null);
      expect(booking.journeyEndedAt?.getTime() ?? null).toBe(at('completed')?.getTime() ?? null);
      expect(booking.fareComponents !== null).toBe(booking.status === 'completed');
      for (const event of history)
        expect(event.occurredAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(booking.updatedAt.getTime()).toBe(history.at(-1)?.occurredAt.getTime());
    }
  });

  it('writes shuttle runs as one booking per stop with the shared destination and time', async () => {
    const rows = await first.db.select().from(bookings).where(eq(bookings.isShuttle, true));
    const runs = groupBy(rows, (booking) => booking.shuttleRunId);
    expect(runs.size).toBeGreaterThanOrEqual(2);
    for (const [runId, stops] of runs) {
      expect(runId).toMatch(UUID_V4);
      const ordered = stops.toSorted((a, b) => (a.shuttleSequence ?? 0) - (b.shuttleSequence ?? 0));
      expect(ordered.map((stop) => stop.shuttleSequence)).toEqual(ordered.map((_, index) => index));
      expect(new Set(ordered.map((stop) => stop.dropoffLocation)).size).toBe(1);
      expect(new Set(ordered.map((stop) => stop.pickupTime.getTime())).size).toBe(1);
      expect(new Set(ordered.map((stop) => stop.status)).size).toBe(1);
      expect(ordered[0]?.notes).toMatch(/^Shuttle Run Stop - pickup - /);
      for (const stop of ordered)
        expect(stop.notes).toMatch(/^Shuttle Run Stop - (pickup|dropoff) - .+/);
      const total = ordered.reduce((sum, stop) => sum + stop.numPassengers, 0);
      expect(total).toBeLessThanOrEqual(7);
    }
  });
});
