import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bookingEvents,
  bookings,
  businessDocuments,
  businessDocumentVersions,
  complianceSuspensions,
  driverShifts,
  drivers,
  fleetDocuments,
  users,
  vehicles,
} from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// 10:30 on Tuesday 10 March 2026 in Perth. Today began at 16:00 UTC on the 9th;
// this time yesterday was 02:30 UTC on the 9th.
const NOW = new Date('2026-03-10T02:30:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
const START_OF_TODAY = new Date('2026-03-09T16:00:00.000Z');
const SAME_TIME_YESTERDAY = new Date('2026-03-09T02:30:00.000Z');
const LONG_AGO = new Date('2026-02-01T00:00:00.000Z');

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
const ids: Record<string, string> = {};

type BookingFixture = {
  key: string;
  pickupTime: Date;
  status: string;
  driver?: string;
  fare?: string;
  createdAt?: Date;
  passengerName?: string;
  /** Events after 'created': [type, toStatus, minutes after pickup, actor]. */
  events?: [string, string, number, string?][];
};

async function insertBooking(fixture: BookingFixture, index: number) {
  const driverId = fixture.driver ? ids[fixture.driver]! : null;
  const [row] = await t.connection.db
    .insert(bookings)
    .values({
      reference: `T${String(index).padStart(5, '0')}`,
      pickupTime: fixture.pickupTime,
      pickupLocation: `Pickup ${fixture.key}`,
      dropoffLocation: `Dropoff ${fixture.key}`,
      status: fixture.status,
      driverId,
      fareAmount: fixture.fare ?? '0',
      passengerName: fixture.passengerName ?? '',
      createdAt: fixture.createdAt ?? LONG_AGO,
    })
    .returning({ id: bookings.id });
  ids[fixture.key] = row!.id;
  for (const [type, toStatus, minutes, actor] of fixture.events ?? []) {
    await t.connection.db.insert(bookingEvents).values({
      bookingId: row!.id,
      type,
      toStatus,
      actorUserId: actor ?? null,
      changes: type === 'assigned' ? { driverId } : {},
      occurredAt: new Date(fixture.pickupTime.getTime() + minutes * MINUTE),
    });
  }
}

const lifecycle = (arrivedMinutes: number): [string, string, number][] => [
  ['assigned', 'assigned', -120],
  ['status', 'en-route', -30],
  ['status', 'arrived', arrivedMinutes],
  ['status', 'on-board', arrivedMinutes + 2],
  ['status', 'completed', arrivedMinutes + 40],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });

  const [vehicle] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Multivan 6',
      make: 'Volkswagen',
      model: 'Multivan',
      registration: '1ABC234',
      seats: 6,
    })
    .returning({ id: vehicles.id });
  const driverRows = await t.connection.db
    .insert(drivers)
    .values([
      {
        firstName: 'Alice',
        lastName: 'Nguyen',
        email: 'alice@example.test',
        phone: '+61 400 000 001',
        rating: '4.8',
        status: 'active',
        userId: driverUser.id,
        vehicleId: vehicle!.id,
        preferredArea: 'Fremantle',
        latitude: -31.95,
        longitude: 115.86,
        locationUpdatedAt: minutesFromNow(-0.5),
        createdAt: new Date('2025-06-01T02:00:00.000Z'),
      },
      {
        firstName: 'Bob',
        lastName: 'Smith',
        status: 'active',
        latitude: -31.9,
        longitude: 115.8,
        locationUpdatedAt: minutesFromNow(-5),
      },
      { firstName: 'Carol', lastName: 'Jones', status: 'suspended' },
      { firstName: 'Dan', lastName: 'Brown', status: 'offline' },
    ])
    .returning({ id: drivers.id, firstName: drivers.firstName });
  for (const row of driverRows) ids[row.firstName] = row.id;

  const fixtures: BookingFixture[] = [
    // Yesterday, in the hour either side of this time: Alice and Dan were working.
    {
      key: 'yesterdayAlice',
      pickupTime: new Date(SAME_TIME_YESTERDAY.getTime() - 30 * MINUTE),
      status: 'completed',
      driver: 'Alice',
      fare: '40.00',
      events: lifecycle(-5),
    },
    {
      key: 'yesterdayDan',
      pickupTime: new Date(SAME_TIME_YESTERDAY.getTime() + 30 * MINUTE),
      status: 'completed',
      driver: 'Dan',
      fare: '100.00',
    },
    {
      key: 'yesterdayBobCancelled',
      pickupTime: SAME_TIME_YESTERDAY,
      status: 'cancelled',
      driver: 'Bob',
    },
    {
      key: 'yesterdayCarolEarly',
      pickupTime: new Date(SAME_TIME_YESTERDAY.getTime() - 3 * HOUR),
      status: 'completed',
      driver: 'Carol',
      fare: '25.25',
    },
    // Booked after this time yesterday: not on yesterday's card at this hour.
    {
      key: 'yesterdayLate',
      pickupTime: new Date(SAME_TIME_YESTERDAY.getTime() + 5 * HOUR),
      status: 'completed',
      driver: 'Dan',
      fare: '10.00',
      createdAt: new Date(SAME_TIME_YESTERDAY.getTime() + HOUR),
    },
    // Today.
    {
      key: 'todayEarly',
      pickupTime: new Date(START_OF_TODAY.getTime() + HOUR),
      status: 'completed',
      driver: 'Dan',
      fare: '45.50',
    },
    {
      key: 'todayAlice',
      pickupTime: minutesFromNow(-60),
      status: 'completed',
      driver: 'Alice',
      fare: '30.00',
      events: lifecycle(3),
    },
    {
      key: 'dueSoon',
      pickupTime: minutesFromNow(30),
      status: 'pending',
      passengerName: 'Pat Lee',
    },
    { key: 'overdue', pickupTime: minutesFromNow(-20), status: 'pending' },
    { key: 'laterToday', pickupTime: minutesFromNow(180), status: 'assigned', driver: 'Bob' },
    { key: 'todayCancelled', pickupTime: minutesFromNow(60), status: 'cancelled' },
    // Alice's other history.
    {
      key: 'lastWeekAlice',
      pickupTime: new Date('2026-03-05T03:00:00.000Z'),
      status: 'completed',
      driver: 'Alice',
      fare: '20.00',
    },
    {
      key: 'noShowAlice',
      pickupTime: new Date('2026-03-04T03:00:00.000Z'),
      status: 'no-show',
      driver: 'Alice',
      events: [
        ['assigned', 'assigned', -120],
        ['status', 'en-route', -30],
        ['status', 'arrived', -2],
        ['status', 'no-show', 15],
      ],
    },
    {
      key: 'cancelledByAlice',
      pickupTime: new Date('2026-03-03T03:00:00.000Z'),
      status: 'cancelled',
      driver: 'Alice',
      events: [
        ['assigned', 'assigned', -120],
        ['status', 'cancelled', -60, driverUser.id],
      ],
    },
    {
      key: 'takenOffAlice',
      pickupTime: new Date('2026-03-20T03:00:00.000Z'),
      status: 'pending',
      events: [
        ['assigned', 'assigned', -2000],
        ['status', 'pending', -1900],
      ],
    },
  ];
  for (const [index, fixture] of fixtures.entries()) await insertBooking(fixture, index);
  // The taken-off assignment named Alice.
  await t.connection.db
    .update(bookingEvents)
    .set({ changes: { driverId: ids.Alice } })
    .where(
      and(eq(bookingEvents.bookingId, ids.takenOffAlice!), eq(bookingEvents.type, 'assigned')),
    );
});

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

describe('GET /api/admin/dashboard', () => {
  it('is for admins only', async () => {
    expect((await get('/api/admin/dashboard')).statusCode).toBe(401);
    expect((await get('/api/admin/dashboard', dispatcher)).statusCode).toBe(403);
  });

  it('counts active drivers now against the drivers working at this time yesterday', async () => {
    const body = (await get('/api/admin/dashboard', admin)).json();
    expect(body.activeDrivers).toEqual({ value: 2, yesterday: 2 });
  });

  it("counts today's bookings that are not cancelled against yesterday's card at this hour", async () => {
    const body = (await get('/api/admin/dashboard', admin)).json();
    // todayEarly, todayAlice, dueSoon, overdue, laterToday.
    // Yesterday: Alice's, Dan's and Carol's (Bob's was cancelled; the late one was not booked yet).
    expect(body.todaysBookings).toEqual({ value: 5, yesterday: 3 });
  });

  it('sums completed fares today against yesterday up to this time, in cents', async () => {
    const body = (await get('/api/admin/dashboard', admin)).json();
    expect(body.revenueCents).toEqual({ value: 4550 + 3000, yesterday: 4000 + 2525 });
  });

  it('lists what needs attention', async () => {
    // A sign-up waiting for a role, and one an admin has disabled (no alert).
    await t.createUser({ role: null, name: 'Nora Newcomer', email: 'nora@example.test' });
    const ignored = await t.createUser({ role: null, name: 'Ivy Ignored' });
    await t.connection.db.update(users).set({ disabled: true }).where(eq(users.id, ignored.id));
    const body = (await get('/api/admin/dashboard', admin)).json();
    expect(body.alertCount).toBe(5);
    // Each leads where it is dealt with: an admin, whose role does not open
    // Dispatch, reads a booking on the dashboard; a driver on their profile.
    expect(body.alerts).toEqual([
      {
        kind: 'unassigned-soon',
        message: 'Booking T00007 for Pat Lee at 11:00 am has no driver yet.',
        href: `/admin?booking=${ids.dueSoon}`,
        bookingId: ids.dueSoon,
      },
      {
        kind: 'overdue-pending',
        message: 'Booking T00008 was due at Mar 10, 2026, 10:10 am and is still pending.',
        href: `/admin?booking=${ids.overdue}`,
        bookingId: ids.overdue,
      },
      {
        kind: 'driver-suspended',
        message: 'Carol Jones is suspended.',
        href: `/admin/drivers/${ids.Carol}`,
        driverId: ids.Carol,
      },
      {
        kind: 'awaiting-role',
        message: 'Nora Newcomer (nora@example.test) signed up and is waiting for a role.',
        href: '/settings/users',
      },
      // One driver with no recent position reads as before, last.
      {
        kind: 'stale-position',
        message: 'Bob Smith is on shift; last position 5 min ago.',
        href: `/admin/drivers/${ids.Bob}`,
        driverId: ids.Bob,
      },
    ]);
    expect(body.generatedAt).toBe(NOW.toISOString());
    expect(body.timeZone).toBe('Australia/Perth');
  });

  it('groups the drivers on shift with no recent position into one alert, listed last', async () => {
    const extra = await t.connection.db
      .insert(drivers)
      .values([
        { firstName: 'Eve', lastName: 'Adams', status: 'active', locationUpdatedAt: null },
        {
          firstName: 'Finn',
          lastName: 'Cole',
          status: 'active',
          locationUpdatedAt: minutesFromNow(-30),
        },
        {
          firstName: 'Gus',
          lastName: 'Hale',
          status: 'active',
          locationUpdatedAt: minutesFromNow(-3),
        },
        // Off shift: no alert, however old the position.
        { firstName: 'Hal', lastName: 'Ives', status: 'offline', locationUpdatedAt: null },
      ])
      .returning({ id: drivers.id });
    const [eve, finn, gus] = extra.map((row) => row.id);
    try {
      const body = (await get('/api/admin/dashboard', admin)).json();
      const stale = body.alerts.filter(
        (alert: { kind: string }) => alert.kind === 'stale-position',
      );
      expect(stale).toEqual([
        {
          kind: 'stale-position',
          message:
            '4 drivers on shift have sent no position for more than 2 min: Eve Adams, Finn Cole, Bob Smith and 1 more.',
          // The longest unheard from first, each to the profile with their phone.
          items: [
            {
              message: 'Eve Adams is on shift but has not shared a position.',
              href: `/admin/drivers/${eve}`,
              driverId: eve,
            },
            {
              message: 'Finn Cole is on shift; last position 30 min ago.',
              href: `/admin/drivers/${finn}`,
              driverId: finn,
            },
            {
              message: 'Bob Smith is on shift; last position 5 min ago.',
              href: `/admin/drivers/${ids.Bob}`,
              driverId: ids.Bob,
            },
            {
              message: 'Gus Hale is on shift; last position 3 min ago.',
              href: `/admin/drivers/${gus}`,
              driverId: gus,
            },
          ],
        },
      ]);
      // After the bookings, suspensions and sign-ups, and counted once.
      expect(body.alerts.at(-1)).toEqual(stale[0]);
      expect(body.alertCount).toBe(body.alerts.length);

      // A viewer whose role opens Dispatch is led to the board, whose map lists them.
      const table = (await get('/api/settings', admin)).json().accessTable;
      const put = (accessTable: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/settings/access-table',
          headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
          payload: accessTable as object,
        });
      expect((await put({ ...table, dispatch: [...table.dispatch, 'admin'] })).statusCode).toBe(
        200,
      );
      try {
        const granted = (await get('/api/admin/dashboard', admin)).json();
        expect(granted.alerts.at(-1)).toMatchObject({ kind: 'stale-position', href: '/dispatch' });
      } finally {
        expect((await put(table)).statusCode).toBe(200);
      }
    } finally {
      await t.connection.db.delete(drivers).where(
        inArray(
          drivers.id,
          extra.map((row) => row.id),
        ),
      );
    }
  });

  it('names two drivers with no recent position without "more"', async () => {
    const [eve] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Eve', lastName: 'Adams', status: 'active', locationUpdatedAt: null })
      .returning({ id: drivers.id });
    try {
      const body = (await get('/api/admin/dashboard', admin)).json();
      expect(body.alerts.at(-1)).toMatchObject({
        kind: 'stale-position',
        message:
          '2 drivers on shift have sent no position for more than 2 min: Eve Adams and Bob Smith.',
      });
    } finally {
      await t.connection.db.delete(drivers).where(eq(drivers.id, eve!.id));
    }
  });

  it("writes a document's expiry as every date is written; leads to the driver's or vehicle's documents", async () => {
    const [vehicle] = await t.connection.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.registration, '1ABC234'));
    const file = { fileName: 'paper.pdf', contentType: 'application/pdf', size: 1 };
    await t.connection.db.insert(fleetDocuments).values([
      {
        driverId: ids.Dan!,
        type: 'licence',
        expiresOn: '2026-03-20',
        fileKey: 'admin-test/licence.pdf',
        ...file,
      },
      {
        vehicleId: vehicle!.id,
        type: 'insurance',
        expiresOn: '2026-03-25',
        fileKey: 'admin-test/insurance.pdf',
        ...file,
      },
    ]);
    const body = (await get('/api/admin/dashboard', admin)).json();
    expect(body.alerts).toContainEqual({
      kind: 'document-expiring',
      message: "Dan Brown: Driver's licence expires on Mar 20, 2026.",
      href: `/admin/drivers/${ids.Dan}#documents`,
      driverId: ids.Dan,
    });
    expect(body.alerts).toContainEqual({
      kind: 'document-expiring',
      message:
        'Vehicle 1ABC234: Comprehensive insurance with rideshare coverage expires on Mar 25, 2026.',
      href: `/admin/vehicles?documents=${vehicle!.id}`,
      vehicleId: vehicle!.id,
    });
  });

  it("names the business's own documents expiring within 30 days or expired, leading to the Document Manager", async () => {
    const db = t.connection.db;
    const made = await db
      .insert(businessDocuments)
      .values(
        ['Public liability insurance', 'Safety policy', 'Old insurance', 'Lease'].map((name) => ({
          name,
          category: 'Legal',
          status: name === 'Old insurance' ? 'archived' : 'active',
        })),
      )
      .returning({ id: businessDocuments.id, name: businessDocuments.name });
    const id = (name: string) => made.find((row) => row.name === name)!.id;
    const version = (name: string, version: number, expiresOn: string | null) => ({
      documentId: id(name),
      version,
      fileKey: `admin-test/${name}-${version}.pdf`,
      fileName: `${name}.pdf`,
      contentType: 'application/pdf',
      size: 1,
      expiresOn,
    });
    await db.insert(businessDocumentVersions).values([
      version('Public liability insurance', 1, '2026-03-31'),
      // Renewed: only the latest version's date counts.
      version('Safety policy', 1, '2026-03-01'),
      version('Safety policy', 2, '2027-03-01'),
      version('Old insurance', 1, '2026-03-12'),
      version('Lease', 1, '2026-03-05'),
    ]);
    try {
      const body = (await get('/api/admin/dashboard', admin)).json();
      const business = body.alerts.filter(
        (alert: { kind: string }) => alert.kind === 'business-document-expiring',
      );
      expect(business).toEqual([
        {
          kind: 'business-document-expiring',
          message: 'Lease (Legal) expired on Mar 5, 2026: renew it in the Document Manager.',
          href: '/admin/documents',
        },
        {
          kind: 'business-document-expiring',
          message:
            'Public liability insurance (Legal) expires on Mar 31, 2026: renew it in the Document Manager.',
          href: '/admin/documents',
        },
      ]);
    } finally {
      await db.delete(businessDocuments).where(
        inArray(
          businessDocuments.id,
          made.map((row) => row.id),
        ),
      );
    }
  });

  it("leads a suspension for documents to the driver's documents", async () => {
    await t.connection.db
      .insert(complianceSuspensions)
      .values({ driverId: ids.Carol!, reason: "Driver's licence expired on Mar 1, 2026" });
    try {
      const body = (await get('/api/admin/dashboard', admin)).json();
      expect(body.alerts).toContainEqual({
        kind: 'driver-suspended',
        message: 'Carol Jones is suspended.',
        href: `/admin/drivers/${ids.Carol}#documents`,
        driverId: ids.Carol,
      });
    } finally {
      await t.connection.db
        .delete(complianceSuspensions)
        .where(eq(complianceSuspensions.driverId, ids.Carol!));
    }
  });

  it('leads a booking to Dispatch for a viewer whose role opens it', async () => {
    const table = (await get('/api/settings', admin)).json().accessTable;
    const granted = { ...table, dispatch: [...table.dispatch, 'admin'] };
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/settings/access-table',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
        payload: body as object,
      });
    expect((await put(granted)).statusCode).toBe(200);
    try {
      const body = (await get('/api/admin/dashboard', admin)).json();
      expect(body.alerts).toContainEqual(
        expect.objectContaining({
          kind: 'overdue-pending',
          href: `/dispatch?booking=${ids.overdue}`,
          bookingId: ids.overdue,
        }),
      );
    } finally {
      expect((await put(table)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/admin/drivers', () => {
  it('lists every driver by name with their status', async () => {
    const body = (await get('/api/admin/drivers', admin)).json();
    expect(body.drivers.map((d: { name: string; status: string }) => [d.name, d.status])).toEqual([
      ['Alice Nguyen', 'active'],
      ['Bob Smith', 'active'],
      ['Carol Jones', 'suspended'],
      ['Dan Brown', 'offline'],
    ]);
  });
});

describe('GET /api/admin/drivers/:id/profile', () => {
  it("gives the driver's profile, earnings, metrics and recent trips from their bookings", async () => {
    const response = await get(`/api/admin/drivers/${ids.Alice}/profile`, admin);
    expect(response.statusCode).toBe(200);
    const { driver } = response.json();
    expect(driver).toMatchObject({
      name: 'Alice Nguyen',
      email: 'alice@example.test',
      phone: '+61 400 000 001',
      status: 'active',
      rating: 4.8,
      totalTrips: 3,
      joinDate: '2025-06-01T02:00:00.000Z',
      preferredArea: 'Fremantle',
      // On shift (set by dispatch, no shift of her own): the car on her record.
      isOnShift: true,
      vehicle: {
        type: 'Multivan 6',
        make: 'Volkswagen',
        model: 'Multivan',
        registration: '1ABC234',
      },
      shiftVehicle: null,
      vehicleTakenBy: null,
      // Today: 30. Week (from Monday): + yesterday's 40. Month: + last Thursday's 20.
      earningsCents: { today: 3000, week: 7000, month: 9000 },
      metrics: {
        // Kept 3 of 5 assignments: taken off once, cancelled by herself once.
        acceptanceRate: 0.6,
        // 3 completed of 3 + 1 no-show + 1 cancelled while hers.
        completionRate: 0.6,
        // Arrived early yesterday, 3 minutes late today; last week's job has no events.
        onTimeRate: 0.5,
        customerSatisfaction: 4.8,
      },
    });
    expect(driver.recentTrips.map((trip: { reference: string }) => trip.reference)).toEqual([
      'T00006',
      'T00000',
      'T00011',
    ]);
    expect(driver.recentTrips[0]).toMatchObject({
      fareCents: 3000,
      pickupLocation: 'Pickup todayAlice',
    });
  });

  it('answers 404 for an unknown driver and 400 for an id that is not one', async () => {
    const unknown = await get(
      '/api/admin/drivers/00000000-0000-4000-8000-000000000000/profile',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/admin/drivers/nope/profile', admin)).statusCode).toBe(400);
  });

  it('gives a driver with no history empty metrics rather than zeros', async () => {
    const { driver } = (await get(`/api/admin/drivers/${ids.Carol}/profile`, admin)).json();
    expect(driver.metrics).toMatchObject({ acceptanceRate: null, onTimeRate: null });
    expect(driver).toMatchObject({ vehicle: null, shiftVehicle: null, vehicleTakenBy: null });
  });

  it("gives the open shift's car, and off shift the recorded one with who drives it now", async () => {
    const db = t.connection.db;
    const [car] = await db
      .insert(vehicles)
      .values({
        type: 'Imax 7',
        make: 'Hyundai',
        model: 'iMax',
        registration: '1PRO001',
        seats: 7,
      })
      .returning({ id: vehicles.id });
    // Eve drove 1PRO001 last night and is off shift; Fay started today's shift in it.
    const [eve, fay] = await db
      .insert(drivers)
      .values([
        { firstName: 'Eve', lastName: 'Lastnight', status: 'offline', vehicleId: car!.id },
        { firstName: 'Fay', lastName: 'Today', status: 'active', vehicleId: car!.id },
      ])
      .returning({ id: drivers.id });
    await db.insert(driverShifts).values({ driverId: fay!.id, vehicleId: car!.id, startedAt: NOW });

    const eveProfile = (await get(`/api/admin/drivers/${eve!.id}/profile`, admin)).json().driver;
    expect(eveProfile).toMatchObject({
      isOnShift: false,
      vehicle: { id: car!.id, registration: '1PRO001' },
      shiftVehicle: null,
      vehicleTakenBy: 'Fay Today',
    });
    const fayProfile = (await get(`/api/admin/drivers/${fay!.id}/profile`, admin)).json().driver;
    expect(fayProfile).toMatchObject({
      isOnShift: true,
      shiftVehicle: { id: car!.id, registration: '1PRO001', type: 'Imax 7' },
      vehicleTakenBy: null,
    });
  });
});
