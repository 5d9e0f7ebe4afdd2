import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WA_RECORD_COLUMNS } from '../../../domain/records';
import { bookings, drivers, fleetDocuments, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { streamWaRecords } from './records-repository';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;

// Perth is UTC+8 all year: 2030-03-10 09:00 in Perth is 01:00 UTC.
const DAY = '2030-03-10';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const db = t.connection.db;
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Tesla',
      model: 'Model Y',
      registration: '1EV 777',
      seats: 4,
      isElectric: true,
    })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({
      firstName: 'Petra',
      lastName: 'Record',
      userId: driverUser.id,
      status: 'active',
      vehicleId: vehicle!.id,
    })
    .returning();
  driverId = driver!.id;
  await db.insert(fleetDocuments).values({
    driverId,
    type: 'ptd',
    number: 'PTD-123456',
    fileKey: 'test/ptd.pdf',
    fileName: 'ptd.pdf',
    contentType: 'application/pdf',
    size: 1,
    uploadedAt: new Date('2029-01-01T00:00:00Z'),
  });
});
afterAll(() => t.close());

function send(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: TestUser | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function book(overrides: Record<string, unknown>) {
  const response = await send('POST', '/api/bookings', dispatcher, {
    pickupLocation: 'Perth Airport T1',
    dropoffLocation: 'Fremantle',
    pickupTime: `${DAY}T01:00:00.000Z`,
    passengerName: 'Rita Record',
    phone: '0412 345 678',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json().bookings[0] as { id: string; reference: string };
}

function parse(body: string): string[][] {
  return Papa.parse<string[]>(body.trim()).data;
}

describe('GET /api/records/wa-bookings.csv', () => {
  it('exports every journey of the days asked, in pickup order, with the WA record columns', async () => {
    const completed = await book({
      distanceMeters: 12_300,
      durationSeconds: 1200,
      numPassengers: 3,
      wheelchairPassengers: 1,
      pickupTime: `${DAY}T01:00:00.000Z`,
    });
    const cancelled = await book({
      // Priced like the completed one (40.00), then cancelled.
      distanceMeters: 12_300,
      durationSeconds: 1200,
      passengerName: '=HYPERLINK("http://evil.test")',
      phone: '',
      pickupTime: `${DAY}T02:00:00.000Z`,
    });
    await book({ pickupTime: '2030-03-11T16:30:00.000Z' }); // the 12th in Perth: outside
    await send('POST', `/api/bookings/${completed.id}/assign`, dispatcher, { driverId });
    // Dispatch records the steps: a driver's own taps wait for the pickup day (decision 103).
    for (const status of ['en-route', 'arrived', 'on-board', 'completed']) {
      expect(
        (await send('POST', `/api/bookings/${completed.id}/status`, dispatcher, { status }))
          .statusCode,
      ).toBe(200);
    }
    await send('POST', `/api/bookings/${cancelled.id}/status`, dispatcher, { status: 'cancelled' });
    const [stored] = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, completed.id));

    const response = await send(
      'GET',
      `/api/records/wa-bookings.csv?from=${DAY}&to=2030-03-11`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="wa-booking-records-2030-03-10-to-2030-03-11.csv"',
    );
    const [header, ...rows] = parse(response.body);
    expect(header).toEqual([...WA_RECORD_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual([completed.reference, cancelled.reference]);
    const record = Object.fromEntries(WA_RECORD_COLUMNS.map((column, i) => [column, rows[0]![i]]));
    const perth = (instant: Date) =>
      new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(record).toEqual({
      'Booking reference': completed.reference,
      Status: 'completed',
      'Booking taken': perth(stored!.createdAt),
      'Pickup time': '2030-03-10 09:00:00',
      'Journey started': perth(stored!.journeyStartedAt!),
      'Journey ended': perth(stored!.journeyEndedAt!),
      'Pickup location': 'Perth Airport T1',
      'Dropoff location': 'Fremantle',
      'Driver name': 'Petra Record',
      'Driver PTD authorisation number': 'PTD-123456',
      'Vehicle registration': '1EV 777',
      'Electric vehicle': 'Yes',
      'Customer name': 'Rita Record',
      // As written in Australia (decision 207): no leading + for a spreadsheet to quote.
      'Customer phone': '0412 345 678',
      'Customer email': '',
      'Account charged': '',
      Passengers: '3',
      'Wheelchair passengers': '1',
      'Fare paid': '40.00',
      'Base rate': '5.00',
      'Distance cost': '23.03',
      'Time cost': '10.00',
      'Child seat fee': '0.00',
      'Minimum fare top-up': '0.00',
      Rounding: '1.97',
      Adjustment: '0.00',
    });
    // A cell that would start a formula in a spreadsheet is plain text.
    expect(rows[1]![WA_RECORD_COLUMNS.indexOf('Customer name')]).toBe(
      `'=HYPERLINK("http://evil.test")`,
    );
    expect(rows[1]![WA_RECORD_COLUMNS.indexOf('Journey started')]).toBe('');
    // A cancelled booking was paid nothing, whatever it had been quoted; its parts are blank.
    expect(rows[1]![WA_RECORD_COLUMNS.indexOf('Fare paid')]).toBe('0.00');
    expect(rows[1]![WA_RECORD_COLUMNS.indexOf('Base rate')]).toBe('');
  });

  it.each([
    ['', 'from'],
    ['from=2030-03-10', 'to'],
    ['from=10/03/2030&to=2030-03-11', 'from'],
    ['from=2030-02-30&to=2030-03-11', 'from'],
    ['from=2030-03-11&to=2030-03-10', 'to'],
    ['from=2028-01-01&to=2030-03-11', 'to'],
    ['from=9999-12-01&to=9999-12-31', 'from'],
  ])('refuses the range %s with a 400 naming %s', async (query, field) => {
    const response = await send('GET', `/api/records/wa-bookings.csv?${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('says which years a date may be in, not that it must be text', async () => {
    const response = await send(
      'GET',
      '/api/records/wa-bookings.csv?from=9999-12-01&to=9999-12-31',
      admin,
    );
    expect(response.json().error.fields).toEqual({
      from: 'must be between the years 2000 and 2099',
      to: 'must be between the years 2000 and 2099',
    });
  });

  it('is for admins only', async () => {
    const url = `/api/records/wa-bookings.csv?from=${DAY}&to=${DAY}`;
    expect((await send('GET', url, null)).statusCode).toBe(401);
    expect((await send('GET', url, dispatcher)).statusCode).toBe(403);
    expect((await send('GET', url, driverUser)).statusCode).toBe(403);
  });
});

describe('streaming the records', () => {
  it('reads in batches by pickup time and id: every booking once, even with equal pickup times', async () => {
    const at = '2031-06-01T02:00:00.000Z';
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push((await book({ pickupTime: at, passengerName: `Batch ${index}` })).id);
    }
    const batches: string[][] = [];
    for await (const rows of streamWaRecords(
      t.connection.db,
      { from: new Date('2031-06-01T00:00:00Z'), to: new Date('2031-06-02T00:00:00Z') },
      'Australia/Perth',
      2,
    )) {
      batches.push(rows.map((row) => row.id));
    }
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat().sort()).toEqual([...made].sort());
  });

  it('keeps its place between pickup times a microsecond apart (a millisecond cursor re-read them for ever)', async () => {
    const made = [];
    for (let index = 0; index < 4; index += 1) {
      made.push((await book({ pickupTime: '2031-07-01T02:00:00.000Z' })).id);
    }
    await t.connection.db.execute(sql`
      update bookings set pickup_time = '2031-07-01T02:00:00.123456Z'::timestamptz
        + (case when id = ${made[0]}::uuid then interval '1 microsecond' else interval '0' end)
      where id in (${sql.join(
        made.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const seen: string[] = [];
    for await (const rows of streamWaRecords(
      t.connection.db,
      { from: new Date('2031-07-01T00:00:00Z'), to: new Date('2031-07-02T00:00:00Z') },
      'Australia/Perth',
      2,
    )) {
      seen.push(...rows.map((row) => row.id));
      if (seen.length > made.length) break;
    }
    expect(seen.sort()).toEqual([...made].sort());
  });

  it('sends the file as a stream, without a length known in advance', async () => {
    const response = await send(
      'GET',
      '/api/records/wa-bookings.csv?from=2031-06-01&to=2031-06-01',
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(parse(response.body)).toHaveLength(6);
  });
});
