import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookings,
  customers,
  drivers,
  imports,
  mailOutbox,
  users,
  vehicles,
} from '../../db/schema';
import { listen, openStream, type Stream } from '../../test/event-stream';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { IMPORT_TEMPLATES } from '../../../domain/imports';
import { importRequests, type Upload } from './import-uploads';

// Drivers, vehicles and bookings through their import templates: preview,
// confirm in one transaction, the report, merging, re-import idempotence.

let t: TestApp;
let admin: TestUser;
let live: Stream;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Alex Admin' });
  const dispatcher = await t.createUser({ role: 'dispatcher' });
  live = await openStream(await listen(t), dispatcher.cookie);
});

afterAll(async () => {
  live.close();
  await t.close();
});

beforeEach(async () => {
  await t.connection.db.execute(
    sql`truncate customers, drivers, vehicles, bookings, imports restart identity cascade`,
  );
});

const { post, preview, confirm } = importRequests(
  () => t,
  () => admin,
);

function csv(rows: string[][]): string {
  return Papa.unparse(rows, { newline: '\r\n' });
}

/** The import of the same file again: nothing new, nothing merged. */
async function expectNothingChangesAgain(upload: Upload, table: typeof drivers | typeof vehicles) {
  const before = await t.connection.db.select().from(table);
  const again = await confirm(upload);
  expect(again.counts.imported).toBe(0);
  expect(again.counts.merged).toBe(0);
  expect(await t.connection.db.select().from(table)).toEqual(before);
}

describe('drivers', () => {
  const HEADER = [...IMPORT_TEMPLATES.drivers.columns];
  const FILE: Upload = {
    fileName: 'drivers.csv',
    bytes: csv([
      HEADER,
      ['Liam', 'Walker', '0423 456 789', 'Liam.Walker@Example.com.au'],
      ['Ella', 'Stone', '9321 4400', 'ella.stone@example.com.au'],
      ['Ella', 'Stone', '0400 111 222', 'ella.stone@example.com.au'],
      ['Max', 'Payne', '12345', ''],
      ['Zoe', '', '0400 333 444', ''],
    ]),
  };

  it('previews new, merged and failed rows with their reasons, writing nothing', async () => {
    const [liam] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Liam', lastName: 'Walker', phone: '+61423456789' })
      .returning();
    const result = await preview(FILE);
    expect(result).toMatchObject({ kind: 'drivers', format: 'Driver Import Template' });
    expect(result.counts).toEqual({ total: 5, imported: 1, merged: 2, skipped: 0, errors: 2 });
    expect(result.rows.map((row) => [row.line, row.action, row.reason])).toEqual([
      [2, 'merge', 'Same phone or email as Liam Walker: fills email.'],
      [
        3,
        'new',
        'Added without a sign-in account: an import sends no invitation. Invite the driver from Driver Management when they are to sign in.',
      ],
      [4, 'merge', 'Same phone or email as Ella Stone (line 3): notes the other phone.'],
      [
        5,
        'error',
        'Driver Phone: Enter a valid phone number, e.g. 0412 345 678, or +44 20 7946 0958 from abroad.',
      ],
      [6, 'error', 'Driver Last Name: is required.'],
    ]);
    expect(result.rows[0]!.mergeWith).toEqual({ id: liam!.id, name: 'Liam Walker' });
    expect(result.rows[1]!.driver).toEqual({
      firstName: 'Ella',
      lastName: 'Stone',
      phone: '+61893214400',
      email: 'ella.stone@example.com.au',
      notes: '',
    });
    expect(await t.connection.db.select().from(drivers)).toEqual([liam]);
    expect(await t.connection.db.select().from(imports)).toEqual([]);
  });

  it('imports through the drivers feature: offline, no account, no invitation; again changes nothing', async () => {
    await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Liam', lastName: 'Walker', phone: '+61423456789' });
    const usersBefore = await t.connection.db.select({ id: users.id }).from(users);
    const report = await confirm(FILE);
    expect(report.counts).toEqual({ total: 5, imported: 1, merged: 2, skipped: 0, errors: 2 });
    expect(report.rows.map((row) => [row.line, row.action])).toEqual([
      [2, 'merge'],
      [3, 'new'],
      [4, 'merge'],
      [5, 'error'],
      [6, 'error'],
    ]);
    const rows = await t.connection.db.select().from(drivers).orderBy(drivers.firstName);
    expect(rows).toMatchObject([
      {
        firstName: 'Ella',
        phone: '+61893214400',
        email: 'ella.stone@example.com.au',
        notes: 'Imported: phone +61400111222',
        userId: null,
        status: 'offline',
      },
      { firstName: 'Liam', phone: '+61423456789', email: 'liam.walker@example.com.au' },
    ]);
    const ella = rows[0]!;
    await live.waitFor((event) => event.type === 'driver.updated' && event.driver.id === ella.id);
    expect(await t.connection.db.select({ id: users.id }).from(users)).toEqual(usersBefore);
    expect(await t.connection.db.select().from(mailOutbox)).toEqual([]);
    await expectNothingChangesAgain(FILE, drivers);
  });
});

describe('vehicles', () => {
  const HEADER = [...IMPORT_TEMPLATES.vehicles.columns];
  const FILE: Upload = {
    fileName: 'fleet.csv',
    bytes: csv([
      HEADER,
      ['1abc-234', 'Multivan 6', 'Volkswagen', 'Multivan', 'Black', '2023', '6', 'no', 'no'],
      ['1XYZ 999', 'imax 7', 'Toyota', 'Granvia', 'Silver', '', '', 'yes', 'no'],
      ['1VAN 001', 'Van', 'Ford', 'Transit', 'White', '2020', '8', 'no', 'no'],
      ['!!', 'Standard HUG', 'Toyota', 'Camry', 'White', '2021', '4', 'no', 'no'],
      ['1STD 002', 'Standard HUG', 'Toyota', 'Camry', 'White', '2021', '3', 'no', 'no'],
      ['1xyz999', 'Imax 7', 'Toyota', 'HiAce', 'Silver', '', '7', 'yes', 'no'],
      ['1EV 003', 'Standard HUG', 'Tesla', 'Model Y', 'Red', '2024', '4', 'maybe', 'no'],
      ['1BIG 009', 'Standard HUG', 'Toyota', 'HiAce', 'White', '2021', '9', 'no', 'no'],
    ]),
  };

  async function existingVan() {
    const [van] = await t.connection.db
      .insert(vehicles)
      .values({
        registration: '1ABC 234',
        type: 'Multivan 6',
        make: 'Volkswagen',
        model: 'Multivan',
        seats: 6,
      })
      .returning();
    return van!;
  }

  it('merges by plate written any way, fails an unknown vehicle type, and says why', async () => {
    const van = await existingVan();
    const result = await preview(FILE);
    expect(result).toMatchObject({ kind: 'vehicles', format: 'Vehicle Import Template' });
    expect(result.rows.map((row) => [row.line, row.action, row.reason])).toEqual([
      [2, 'merge', 'Same plate as 1ABC 234: fills colour, fills year.'],
      [3, 'new', null],
      [
        4,
        'error',
        'Vehicle Type "Van" is not one of our vehicle types: Standard HUG, Multivan 6, Imax 7. ' +
          'Seats "8" must be at least 1 and at most 7.',
      ],
      [5, 'error', 'Registration: enter a WA plate of 2 to 8 letters and digits, e.g. 1ABC 234.'],
      [6, 'error', 'Seats: a Standard HUG seats at least 4 passengers.'],
      [7, 'merge', 'Same plate as 1XYZ 999 (line 3): notes the other model.'],
      [8, 'error', 'Electric "maybe" is not yes or no.'],
      [
        9,
        'error',
        'Seats: a Standard HUG seats at most 4 passengers; the larger types seat 6 (Multivan 6) and 7 (Imax 7).',
      ],
    ]);
    expect(result.rows[0]!.mergeWith).toEqual({ id: van.id, name: '1ABC 234' });
    expect(result.rows[1]!.vehicle).toEqual({
      registration: '1XYZ 999',
      type: 'Imax 7',
      make: 'Toyota',
      model: 'Granvia',
      colour: 'Silver',
      year: null,
      seats: 7,
      isElectric: true,
      isWheelchairAccessible: false,
      notes: '',
    });
    expect(await t.connection.db.select().from(vehicles)).toEqual([van]);
  });

  it('imports through the vehicles feature and changes nothing the second time', async () => {
    const van = await existingVan();
    const report = await confirm(FILE);
    expect(report.counts).toEqual({ total: 8, imported: 1, merged: 2, skipped: 0, errors: 5 });
    const rows = await t.connection.db.select().from(vehicles).orderBy(vehicles.registration);
    expect(rows).toMatchObject([
      { id: van.id, registration: '1ABC 234', colour: 'Black', year: 2023, notes: '' },
      {
        registration: '1XYZ 999',
        type: 'Imax 7',
        model: 'Granvia',
        seats: 7,
        status: 'active',
        notes: 'Imported: model HiAce',
      },
    ]);
    await expectNothingChangesAgain(FILE, vehicles);
  });
});

describe('bookings', () => {
  const HEADER = [...IMPORT_TEMPLATES.bookings.columns];
  const PERTH = 'Australia/Perth';
  const inDays = (days: number, pattern: string) =>
    format(new TZDate(Date.now() + days * 86_400_000, PERTH), pattern);
  const AIRPORT = 'Perth Airport T1, Perth WA 6105';
  const HAY_ST = '12 Hay Street, Perth WA 6000';

  function bookingFile(): Upload {
    return {
      fileName: 'old-system-bookings.csv',
      bytes: csv([
        HEADER,
        [
          inDays(10, 'yyyy-MM-dd'),
          '09:30',
          AIRPORT,
          HAY_ST,
          'Olivia Bennett',
          '0412 345 678',
          '',
          '2',
          '2',
          'Standard HUG',
          'Flight QF 642',
        ],
        [
          inDays(11, 'd/M/yyyy'),
          '2:45 pm',
          HAY_ST,
          AIRPORT,
          'Noah Reid',
          '9321 4400',
          'Noah.Reid@example.com.au',
          '1',
          '0',
          'multivan 6',
          '',
        ],
        [
          inDays(12, 'yyyy-MM-dd'),
          '07:00:00',
          AIRPORT,
          HAY_ST,
          'Noah Reid',
          '',
          'noah.reid@example.com.au',
          '',
          '',
          '',
          '',
        ],
        ['31/02/2030', '09:00', AIRPORT, HAY_ST, 'Ada Lee', '0400 000 001', '', '1', '0', '', ''],
        [inDays(-2, 'yyyy-MM-dd'), '09:00', AIRPORT, HAY_ST, 'Ada Lee', '', '', '', '', '', ''],
        [inDays(13, 'yyyy-MM-dd'), '09:00', AIRPORT, HAY_ST, 'Ada Lee', '', '', '', '', 'Limo', ''],
        [inDays(13, 'yyyy-MM-dd'), '25:00', AIRPORT, HAY_ST, 'Ada Lee', '', '', '', '', '', ''],
        [inDays(14, 'yyyy-MM-dd'), '10:00', AIRPORT, HAY_ST, 'Team Six', '', '', '6', '', '', ''],
        [
          inDays(10, 'yyyy-MM-dd'),
          '9:30 am',
          AIRPORT,
          HAY_ST,
          'Olivia Bennett',
          '+61 412 345 678',
          '',
          '2',
          '2',
          'Standard HUG',
          'Flight QF 642',
        ],
      ]),
    };
  }

  async function olivia() {
    const [row] = await t.connection.db
      .insert(customers)
      .values({ firstName: 'Olivia', lastName: 'Bennett', phone: '+61412345678' })
      .returning();
    return row!;
  }

  it('previews each booking with its customer, and fails bad dates, times, past pickups and unknown vehicle types', async () => {
    const existing = await olivia();
    const result = await preview(bookingFile());
    expect(result).toMatchObject({ kind: 'bookings', format: 'Booking Import Template' });
    expect(result.counts).toEqual({ total: 9, imported: 4, merged: 0, skipped: 1, errors: 4 });
    const past = inDays(-2, 'yyyy-MM-dd');
    expect(result.rows.map((row) => [row.line, row.action, row.reason])).toEqual([
      [2, 'new', null],
      [3, 'new', null],
      [4, 'new', null],
      [5, 'error', 'Pickup Date "31/02/2030" is not a date (write 2026-12-24 or 24/12/2026).'],
      [6, 'error', `The pickup ${past} 09:00 has passed: only upcoming bookings are imported.`],
      [
        7,
        'error',
        'Vehicle Type "Limo" is not one of our vehicle types: Standard HUG, Multivan 6, Imax 7.',
      ],
      [8, 'error', 'Pickup Time "25:00" is not a time (write 09:30, 14:45 or 2:45 pm).'],
      [
        9,
        'new',
        'Total number of passengers (6) exceeds Standard HUG capacity. Consider upgrading to Multivan 6 or Imax 7.',
      ],
      [10, 'skip', 'Already booked: line 2.'],
    ]);
    const first = result.rows[0]!.booking!;
    expect(first).toEqual({
      pickupTime: new Date(`${inDays(10, 'yyyy-MM-dd')}T09:30:00+08:00`).toISOString(),
      pickupWallTime: `${inDays(10, 'yyyy-MM-dd')} 09:30`,
      pickupLocation: AIRPORT,
      dropoffLocation: '12 Hay Street, Perth WA 6000',
      passengerName: 'Olivia Bennett',
      phone: '+61412345678',
      email: null,
      numPassengers: 2,
      numSuitcases: 2,
      vehicleType: 'Standard HUG',
      notes: 'Flight QF 642',
      customer: { id: existing.id, name: 'Olivia Bennett', isNew: false },
    });
    expect(result.rows[1]!.booking).toMatchObject({
      pickupWallTime: `${inDays(11, 'yyyy-MM-dd')} 14:45`,
      phone: '+61893214400',
      email: 'noah.reid@example.com.au',
      vehicleType: 'Multivan 6',
      customer: { id: null, name: 'Noah Reid', isNew: true },
    });
    expect(result.rows[2]!.booking).toMatchObject({
      pickupWallTime: `${inDays(12, 'yyyy-MM-dd')} 07:00`,
      numPassengers: 1,
      numSuitcases: 0,
      vehicleType: 'Standard HUG',
      customer: { id: null, name: 'Noah Reid (line 3)', isNew: false },
    });
    expect(await t.connection.db.select().from(bookings)).toEqual([]);
    expect(await t.connection.db.select().from(customers)).toEqual([existing]);
  });

  it('creates them through the booking service: source import, customers found or created, the board told', async () => {
    const existing = await olivia();
    const report = await confirm(bookingFile());
    expect(report.counts).toEqual({ total: 9, imported: 4, merged: 0, skipped: 1, errors: 4 });
    const rows = await t.connection.db.select().from(bookings).orderBy(bookings.pickupTime);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ source: 'import', status: 'pending', fareAmount: '0.00' });
      await live.waitFor(
        (event) => event.type === 'booking.created' && event.booking.id === row.id,
      );
    }
    const noah = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'noah.reid@example.com.au'));
    expect(noah).toMatchObject([{ firstName: 'Noah', lastName: 'Reid', phone: '+61893214400' }]);
    expect(rows.map((row) => row.customerId)).toEqual([
      existing.id,
      noah[0]!.id,
      noah[0]!.id,
      null,
    ]);
    expect(rows[0]!.pickupTime.toISOString()).toBe(
      new Date(`${inDays(10, 'yyyy-MM-dd')}T09:30:00+08:00`).toISOString(),
    );

    const again = await confirm(bookingFile());
    expect(again.counts).toEqual({ total: 9, imported: 0, merged: 0, skipped: 5, errors: 4 });
    expect(again.rows[0]!.reason).toMatch(/^Already booked: booking [A-Z0-9-]+\.$/);
    expect(await t.connection.db.select().from(bookings)).toHaveLength(4);
  });

  it('writes nothing and tells the board nothing when the import fails', async () => {
    await t.connection.db.execute(sql`
      create or replace function fail_import() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.connection.db.execute(
      sql`create trigger fail_import before insert on imports for each row execute function fail_import()`,
    );
    const heard = live.events.length;
    try {
      const response = await post('/api/imports', bookingFile());
      expect(response.statusCode).toBe(500);
    } finally {
      await t.connection.db.execute(sql`drop trigger fail_import on imports`);
    }
    expect(await t.connection.db.select().from(bookings)).toEqual([]);
    expect(await t.connection.db.select().from(customers)).toEqual([]);
    // A booking imported after it is heard; none of the failed import's ever was.
    await confirm({
      fileName: 'one.csv',
      bytes: csv([
        HEADER,
        [inDays(20, 'yyyy-MM-dd'), '08:00', AIRPORT, HAY_ST, 'Ivy', '', '', '', '', '', ''],
      ]),
    });
    await live.waitFor(
      (event) => event.type === 'booking.created' && event.booking.passengerName === 'Ivy',
    );
    expect(
      live.events
        .slice(heard)
        .filter((event) => event.type === 'booking.created')
        .map((event) => event.type === 'booking.created' && event.booking.passengerName),
    ).toEqual(['Ivy']);
  });
});
