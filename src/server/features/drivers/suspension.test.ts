import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFICE_SUSPENSION_REASON,
  SUSPENDED_DRIVER_REFUSAL,
} from '../../../domain/bookings/suspended-driver';
import { addDays } from '../../../domain/documents';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { formatDate } from '../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import {
  bookingEvents,
  bookings,
  driverShifts,
  drivers,
  fleetDocuments,
  mailOutbox,
  vehicles,
} from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// A suspended driver finishes the ride with the passenger on board, and does
// nothing else: every other job goes back to dispatch, by an admin's
// suspension or the compliance pass's.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

const STATUSES = ['assigned', 'en-route', 'arrived', 'on-board'] as const;

/**
 * A driver with an account, on shift in a vehicle with verified papers good
 * for a year (their licence `licenceExpiresOn`), with a job in each status
 * from assigned to on-board, picked up within the hour.
 */
async function driverAtWork(name: string, licenceExpiresOn = addDays(today(), 365)) {
  const db = t.connection.db;
  const user = await t.createUser({ role: 'driver' });
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: `1${name.slice(0, 3).toUpperCase()}001`,
      seats: 4,
    })
    .returning({ id: vehicles.id });
  const [driver] = await db
    .insert(drivers)
    .values({ firstName: name, lastName: 'Driver', userId: user.id, vehicleId: vehicle!.id })
    .returning({ id: drivers.id });
  const owner = { driverId: driver!.id, vehicleId: vehicle!.id };
  await db.update(drivers).set({ status: 'active' }).where(eq(drivers.id, owner.driverId));
  await db.insert(driverShifts).values({ ...owner, startedAt: new Date(Date.now() - 3_600_000) });
  const paper = (type: string, expiresOn: string) => ({
    type,
    number: `N-${type}`,
    expiresOn,
    fileKey: crypto.randomUUID(),
    fileName: `${type}.pdf`,
    contentType: 'application/pdf',
    size: 10,
    verifiedAt: new Date(),
  });
  const yearOn = addDays(today(), 365);
  await db.insert(fleetDocuments).values([
    { ...paper('licence', licenceExpiresOn), driverId: owner.driverId },
    ...['ptd', 'police-certificate'].map((type) => ({
      ...paper(type, yearOn),
      driverId: owner.driverId,
    })),
    ...['registration', 'ptv', 'insurance'].map((type) => ({
      ...paper(type, yearOn),
      vehicleId: owner.vehicleId,
    })),
  ]);
  const jobs = await db
    .insert(bookings)
    .values(
      STATUSES.map((status, index) => ({
        reference: `${name.slice(0, 3).toUpperCase()}-${index + 1}`,
        pickupTime: new Date(Date.now() + (index + 1) * 10 * 60_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Fremantle',
        status,
        ...owner,
      })),
    )
    .returning({ id: bookings.id, status: bookings.status, reference: bookings.reference });
  const job = Object.fromEntries(jobs.map((row) => [row.status, row])) as Record<
    (typeof STATUSES)[number],
    (typeof jobs)[number]
  >;
  return { user, ...owner, job };
}

function today() {
  return dayInZone(new Date(), DEFAULT_TIME_ZONE);
}

async function jobsOf(ids: string[]) {
  return t.connection.db
    .select({
      reference: bookings.reference,
      status: bookings.status,
      driverId: bookings.driverId,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids))
    .orderBy(asc(bookings.reference));
}

/** The suspension's outcome: every job but the one on board handed back, with the reason. */
async function expectHandedBackButTheRideOnBoard(
  worker: Awaited<ReturnType<typeof driverAtWork>>,
  reason: string,
) {
  const ids = STATUSES.map((status) => worker.job[status].id);
  expect((await jobsOf(ids)).map((row) => [row.status, row.driverId])).toEqual([
    ['pending', null],
    ['pending', null],
    ['pending', null],
    ['on-board', worker.driverId],
  ]);
  const events = await t.connection.db
    .select()
    .from(bookingEvents)
    .where(
      and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.type, 'returned-to-dispatch')),
    );
  expect(
    events.map((event) => [event.fromStatus, (event.changes as { reason: string }).reason]).sort(),
  ).toEqual([
    ['arrived', reason],
    ['assigned', reason],
    ['en-route', reason],
  ]);
}

describe('a suspended driver', () => {
  it('suspended by an admin: every job without a passenger aboard goes back to dispatch; the ride on board stays, and the admins hear of it', async () => {
    const worker = await driverAtWork('Otto');
    const response = await send('PATCH', `/api/drivers/${worker.driverId}`, admin, {
      status: 'suspended',
    });
    expect(response.statusCode).toBe(200);
    await expectHandedBackButTheRideOnBoard(worker, OFFICE_SUSPENSION_REASON);
    const [mail] = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Driver suspended: Otto Driver'));
    expect(mail?.text).toContain(
      '3 job(s) went back to dispatch for reassignment. They are finishing job OTT-4 with the passenger on board.',
    );
    // The dashboard's alert says it too, while the ride lasts.
    const dashboard = (await send('GET', '/api/admin/dashboard', admin)).json();
    const alert = dashboard.alerts.find(
      (each: { driverId?: string }) => each.driverId === worker.driverId,
    );
    expect(alert.message).toBe(
      'Otto Driver is suspended. They are finishing job OTT-4 with the passenger on board.',
    );
  });

  it('suspended by the compliance pass: the same, with the papers as the reason', async () => {
    const worker = await driverAtWork('Cora', addDays(today(), -1));
    const check = await send('POST', '/api/compliance/check', admin);
    expect(check.json().suspended).toBe(1);
    await expectHandedBackButTheRideOnBoard(
      worker,
      `Expired: Driver's licence expired on ${formatDate(addDays(today(), -1))}`,
    );
  });

  it('completes the ride on board, and may not start, accept or take any other step', async () => {
    const worker = await driverAtWork('Sam');
    await send('PATCH', `/api/drivers/${worker.driverId}`, admin, { status: 'suspended' });
    // A job still theirs though suspended (given before the rule, or by hand in the database).
    const [slipped] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'SAM-9',
        pickupTime: new Date(Date.now() + 20 * 60_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Fremantle',
        status: 'assigned',
        driverId: worker.driverId,
      })
      .returning({ id: bookings.id });
    const step = (id: string, status: string) =>
      send('POST', `/api/bookings/${id}/status`, worker.user, { status });

    const setOff = await step(slipped!.id, 'en-route');
    expect(setOff.statusCode).toBe(409);
    expect(setOff.json().error.message).toBe(SUSPENDED_DRIVER_REFUSAL);
    const accept = await send('POST', `/api/bookings/${slipped!.id}/acknowledge`, worker.user, {});
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(SUSPENDED_DRIVER_REFUSAL);
    expect((await jobsOf([slipped!.id]))[0]).toMatchObject({ status: 'assigned' });

    const completed = await step(worker.job['on-board'].id, 'completed');
    expect(completed.statusCode).toBe(200);
    expect(completed.json().booking.status).toBe('completed');

    const shift = await send('POST', '/api/drivers/me/shift', worker.user, {});
    expect(shift.statusCode).toBe(409);
  });

  it('takes every step again once active', async () => {
    const worker = await driverAtWork('Ada');
    await send('PATCH', `/api/drivers/${worker.driverId}`, admin, { status: 'suspended' });
    await send('PATCH', `/api/drivers/${worker.driverId}`, admin, { status: 'active' });
    const [job] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'ADA-9',
        pickupTime: new Date(Date.now() + 20 * 60_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Fremantle',
        status: 'assigned',
        driverId: worker.driverId,
      })
      .returning({ id: bookings.id });
    const setOff = await send('POST', `/api/bookings/${job!.id}/status`, worker.user, {
      status: 'en-route',
    });
    expect(setOff.statusCode).toBe(200);
  });
});
