import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, RosterDriver } from '../../../domain/drivers';
import { businessPeriods } from '../../../domain/admin';
import {
  bookings,
  driverShifts,
  drivers,
  mailOutbox,
  userProfiles,
  vehicles,
} from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
});
afterAll(() => t.close());

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  user: TestUser,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

/** A new driver with a phone and email nobody else has. */
function newDriver(changes: object = {}) {
  counter += 1;
  const suffix = String(counter).padStart(3, '0');
  return {
    firstName: 'Dana',
    lastName: `Driver${suffix}`,
    phone: `0412 100 ${suffix}`,
    email: `dana${suffix}@example.test`,
    licenceNumber: `WA${suffix}`,
    preferredArea: 'Airport',
    notes: '',
    ...changes,
  };
}

async function addDriver(changes: object = {}): Promise<RosterDriver> {
  const response = await send('POST', '/api/drivers', admin, newDriver(changes));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().driver;
}

async function addVehicle(registration: string, status = 'active'): Promise<string> {
  const [row] = await t.connection.db
    .insert(vehicles)
    .values({
      registration,
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      seats: 4,
      status,
    })
    .returning({ id: vehicles.id });
  return row!.id;
}

async function latestMailTo(email: string) {
  const [mail] = await t.connection.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

describe('adding a driver', () => {
  it('creates the record and an invited user with the driver role in one step', async () => {
    const response = await send(
      'POST',
      '/api/drivers',
      admin,
      newDriver({ phone: '0412 555 001', email: 'Nina@Example.test' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    // No SMTP here: the admin is told the invitation is only in the outbox.
    expect(response.json().invitation).toBe('held');
    const driver: RosterDriver = response.json().driver;
    expect(driver).toMatchObject({
      firstName: 'Dana',
      phone: '+61412555001',
      email: 'nina@example.test',
      status: 'active',
      isOnShift: false,
      vehicle: null,
      rating: null,
      ratingCount: 0,
      tripsThisMonth: 0,
      licenceNumber: expect.stringMatching(/^WA/),
      preferredArea: 'Airport',
    });
    expect(driver.userId).not.toBeNull();
    const [profile] = await t.connection.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, driver.userId!));
    expect(profile?.role).toBe('driver');
    const mail = await latestMailTo('nina@example.test');
    expect(mail?.text).toMatch(/reset-password/);
    // The dispatcher's driver list shows the new driver at once.
    const list = await send('GET', '/api/drivers', dispatcher);
    expect(list.json().drivers.map((d: Driver) => d.id)).toContain(driver.id);
  });

  it('links an existing user instead of inviting one', async () => {
    const user = await t.createUser({ role: null });
    const response = await send(
      'POST',
      '/api/drivers',
      admin,
      newDriver({ userId: user.id, email: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).not.toHaveProperty('invitation');
    const driver: RosterDriver = response.json().driver;
    expect(driver.userId).toBe(user.id);
    expect(driver.email).toBe(user.email);
    const again = await send('POST', '/api/drivers', admin, newDriver({ userId: user.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('userId');
  });

  it('refuses a phone or email another driver has, naming that driver', async () => {
    const first = await addDriver({ firstName: 'Ollie', phone: '0412 555 002' });
    const samePhone = await send(
      'POST',
      '/api/drivers',
      admin,
      newDriver({ phone: '+61 412 555 002' }),
    );
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().error.message).toBe(
      `Driver Ollie ${first.lastName} already has this phone number.`,
    );
    const sameEmail = await send(
      'POST',
      '/api/drivers',
      admin,
      newDriver({ email: first.email!.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.fields).toHaveProperty('email');
  });

  it.each([
    ['phone', { phone: '12' }],
    ['phone', { phone: '' }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: '' }],
    ['firstName', { firstName: ' ' }],
    ['firstName', { firstName: '\u200B' }],
    ['lastName', { lastName: ' \u00A0 ' }],
    ['firstName', { firstName: '\uFEFF\u2060' }],
  ])('answers 400 naming %s', async (field, changes) => {
    const response = await send('POST', '/api/drivers', admin, newDriver(changes));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('refuses a name of invisible characters with the required message, and stores names trimmed of them', async () => {
    const invisible = await send('POST', '/api/drivers', admin, newDriver({ firstName: '\u200B' }));
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().error.fields).toEqual({ firstName: 'is required' });
    const trimmed = await send(
      'POST',
      '/api/drivers',
      admin,
      newDriver({ firstName: '\uFEFFAda', lastName: 'Zoë\u200B' }),
    );
    expect(trimmed.statusCode, trimmed.body).toBe(201);
    expect(trimmed.json().driver).toMatchObject({ firstName: 'Ada', lastName: 'Zoë' });
  });

  it('is for admins only; dispatchers read the roster', async () => {
    expect((await send('POST', '/api/drivers', dispatcher, newDriver())).statusCode).toBe(403);
    expect((await send('GET', '/api/drivers/roster', dispatcher)).statusCode).toBe(200);
    expect((await send('GET', '/api/drivers/roster.csv', dispatcher)).statusCode).toBe(403);
  });
});

describe('editing a driver', () => {
  it('sets the current vehicle, refusing an inactive one', async () => {
    const driver = await addDriver();
    const car = await addVehicle('1EDT 100');
    const retired = await addVehicle('1EDT 101', 'inactive');
    const edited = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      vehicleId: car,
      notes: 'Prefers nights',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().driver).toMatchObject({
      vehicle: { id: car, registration: '1EDT 100' },
      notes: 'Prefers nights',
    });
    const refused = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      vehicleId: retired,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Vehicle 1EDT 101 is not active and cannot be picked.',
    );
  });

  it('limits a driver to the listed vehicles when they may not drive any', async () => {
    const driver = await addDriver();
    const allowed = await addVehicle('1LST 001');
    const other = await addVehicle('1LST 002');
    const listed = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      drivesAnyVehicle: false,
      allowedVehicleIds: [allowed],
    });
    expect(listed.json().driver).toMatchObject({
      drivesAnyVehicle: false,
      allowedVehicleIds: [allowed],
    });
    const refused = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      vehicleId: other,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toHaveProperty('vehicleId');
    const ok = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      vehicleId: allowed,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses another driver’s phone and a vehicle that does not exist', async () => {
    const first = await addDriver();
    const second = await addDriver();
    const clash = await send('PATCH', `/api/drivers/${second.id}/record`, admin, {
      phone: first.phone,
    });
    expect(clash.statusCode).toBe(409);
    const missing = await send('PATCH', `/api/drivers/${second.id}/record`, admin, {
      allowedVehicleIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('allowedVehicleIds');
  });
});

describe('two admins editing one driver (decision 187)', () => {
  it("refuses a save from a form opened before another admin's, changing nothing", async () => {
    const driver = await addDriver();
    const first = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      phone: '0412 999 001',
      expectedUpdatedAt: driver.updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().driver.updatedAt).not.toBe(driver.updatedAt);

    const stale = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      ...newDriver({ firstName: driver.firstName, lastName: driver.lastName }),
      phone: driver.phone,
      notes: 'Prefers nights',
      expectedUpdatedAt: driver.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since');
    expect(stale.json().error.message).toMatch(
      /^This driver was changed by someone else at \d{1,2}:\d{2} [ap]m, after you opened it\. Reload to see the change, then make yours again\.$/,
    );
    const now = await send('GET', `/api/drivers/${driver.id}/record`, admin);
    expect(now.json().driver).toMatchObject({ phone: '+61412999001', notes: '' });

    const fresh = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      notes: 'Prefers nights',
      expectedUpdatedAt: first.json().driver.updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().driver).toMatchObject({ phone: '+61412999001', notes: 'Prefers nights' });
  });

  it('counts a new list of vehicles alone as a change, and checks nothing without a version', async () => {
    const driver = await addDriver();
    const car = await addVehicle('1VER 001');
    const listed = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      drivesAnyVehicle: false,
      allowedVehicleIds: [car],
      expectedUpdatedAt: driver.updatedAt,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const onlyList = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      allowedVehicleIds: [],
    });
    expect(onlyList.statusCode, onlyList.body).toBe(200);
    const stale = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      notes: 'Stale',
      expectedUpdatedAt: listed.json().driver.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses a version that is not a date and time, naming the field', async () => {
    const driver = await addDriver();
    const refused = await send('PATCH', `/api/drivers/${driver.id}/record`, admin, {
      notes: 'x',
      expectedUpdatedAt: 'yesterday',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('expectedUpdatedAt');
  });
});

describe('deactivating a driver', () => {
  it('stops them signing in and being listed for dispatch, and keeps the record', async () => {
    const user = await t.createUser({ role: 'driver', password: 'driver password 1' });
    const driver = await addDriver({ userId: user.id });
    const car = await addVehicle('1DEA 001');
    await send('PATCH', `/api/drivers/${driver.id}/record`, admin, { vehicleId: car });

    const response = await send('POST', `/api/drivers/${driver.id}/deactivate`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().driver).toMatchObject({ status: 'inactive', vehicle: null });
    await expect(t.signIn(user.email, 'driver password 1')).rejects.toThrow(/403/);
    expect((await send('GET', '/api/drivers/me', user)).statusCode).toBe(401);

    const list = await send('GET', '/api/drivers', dispatcher);
    expect(list.json().drivers.map((d: Driver) => d.id)).not.toContain(driver.id);
    const onShift = await send('PATCH', `/api/drivers/${driver.id}`, dispatcher, {
      status: 'active',
    });
    expect(onShift.statusCode).toBe(409);
    const inactive = await send('GET', '/api/drivers/roster?status=inactive', dispatcher);
    expect(inactive.json().drivers.map((d: RosterDriver) => d.id)).toContain(driver.id);

    const back = await send('POST', `/api/drivers/${driver.id}/reactivate`, admin);
    expect(back.json().driver.status).toBe('active');
    await expect(t.signIn(user.email, 'driver password 1')).resolves.toMatch(/=/);
  });
});

describe('deactivating a driver with jobs', () => {
  it('hands every job without a passenger aboard back to dispatch, flagged, and ends the shift', async () => {
    const driver = await addDriver();
    const db = t.connection.db;
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const made = await db
      .insert(bookings)
      .values(
        (['assigned', 'en-route', 'arrived', 'completed'] as const).map((status, index) => ({
          reference: `DEACT${index}`,
          pickupTime: soon(20 + index),
          pickupLocation: 'Perth Airport T1',
          dropoffLocation: 'Fremantle',
          status,
          driverId: driver.id,
        })),
      )
      .returning({ id: bookings.id, reference: bookings.reference });
    await db.insert(driverShifts).values({ driverId: driver.id, startedAt: soon(-60) });

    const response = await send('POST', `/api/drivers/${driver.id}/deactivate`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const jobs = await db
      .select({
        reference: bookings.reference,
        status: bookings.status,
        driverId: bookings.driverId,
        returnedAt: bookings.returnedAt,
      })
      .from(bookings)
      .where(eq(bookings.driverId, driver.id));
    // Only the completed job keeps its driver: the record of who drove it.
    expect(jobs.map((job) => job.reference)).toEqual(['DEACT3']);
    const returned = await send('GET', `/api/bookings/${made[1]!.id}`, dispatcher);
    expect(returned.json().booking).toMatchObject({
      status: 'pending',
      driver: null,
      returnedReason: 'Driver deactivated by the office',
    });
    const [shift] = await db
      .select({ endedAt: driverShifts.endedAt, endedBy: driverShifts.endedBy })
      .from(driverShifts)
      .where(eq(driverShifts.driverId, driver.id));
    expect(shift!.endedAt).not.toBeNull();
    expect(shift!.endedBy).toBe(admin.id);
  });

  it('refuses while a passenger is aboard, and changes nothing', async () => {
    const driver = await addDriver();
    const db = t.connection.db;
    await db.insert(bookings).values([
      {
        reference: 'ABOARD1',
        pickupTime: new Date(),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Fremantle',
        status: 'on-board',
        driverId: driver.id,
      },
      {
        reference: 'LATER01',
        pickupTime: new Date(Date.now() + 3_600_000),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Fremantle',
        status: 'assigned',
        driverId: driver.id,
      },
    ]);
    const response = await send('POST', `/api/drivers/${driver.id}/deactivate`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This driver has a passenger on board (job ABOARD1): deactivate them once the ride is over. To stop new jobs now, suspend them.',
    );
    const still = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.driverId, driver.id));
    expect(still.map((job) => job.status).sort()).toEqual(['assigned', 'on-board']);
    const [row] = await db
      .select({ deactivatedAt: drivers.deactivatedAt })
      .from(drivers)
      .where(eq(drivers.id, driver.id));
    expect(row!.deactivatedAt).toBeNull();
  });
});

describe('the roster', () => {
  it('searches by name, phone in any format and plate, and filters by status', async () => {
    const driver = await addDriver({ firstName: 'Quincy', phone: '0412 777 888' });
    const car = await addVehicle('1QNC 321');
    await send('PATCH', `/api/drivers/${driver.id}/record`, admin, { vehicleId: car });
    for (const q of ['quincy', '0412 777', '+61412777888', '1qnc321', '1QNC 3']) {
      const response = await send('GET', `/api/drivers/roster?q=${encodeURIComponent(q)}`, admin);
      expect(
        response.json().drivers.map((d: RosterDriver) => d.id),
        q,
      ).toEqual([driver.id]);
    }
    const suspended = await send('GET', '/api/drivers/roster?q=quincy&status=suspended', admin);
    expect(suspended.json().drivers).toEqual([]);
    const bad = await send('GET', '/api/drivers/roster?status=retired', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
  });

  it('searches names ignoring accents, typed or stored (decision 92)', async () => {
    const zoe = await addDriver({ firstName: 'Zoë', lastName: 'Ånström' });
    for (const q of ['zoe anstrom', 'ZOË ÅNSTRÖM', 'Anström']) {
      const response = await send('GET', `/api/drivers/roster?q=${encodeURIComponent(q)}`, admin);
      expect(
        response.json().drivers.map((d: RosterDriver) => d.id),
        q,
      ).toEqual([zoe.id]);
    }
  });

  it('exports CSV with formula-looking cells made plain text', async () => {
    await addDriver({ firstName: '=HYPERLINK("x")', notes: '+1 boss' });
    const response = await send('GET', '/api/drivers/roster.csv?q=hyperlink', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = response.body.split(/\r?\n/);
    expect(header).toBe(
      'First Name,Last Name,Phone,Email,Status,On Shift,Vehicle,Rating,Trips This Month,Licence Number,Preferred Area,Notes',
    );
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain("'+1 boss");
    expect(row).toContain('No ratings yet');
  });
});

describe("the roster's current vehicle", () => {
  /** On shift in the vehicle, as a shift start leaves it (shift-repository's startShift). */
  async function putOnShift(driverId: string, vehicleId: string): Promise<void> {
    const db = t.connection.db;
    await db.insert(driverShifts).values({ driverId, vehicleId, startedAt: new Date() });
    await db.update(drivers).set({ status: 'active', vehicleId }).where(eq(drivers.id, driverId));
  }

  async function rosterRow(driverId: string, lastName: string): Promise<RosterDriver> {
    const response = await send('GET', `/api/drivers/roster?q=${lastName}`, admin);
    return response.json().drivers.find((d: RosterDriver) => d.id === driverId);
  }

  it("names the open shift's vehicle, and off shift only the usual one, with who drives it now", async () => {
    const car = await addVehicle('1CUR 100');
    const amy = await addDriver({ lastName: 'Usualcar' });
    const ben = await addDriver({ lastName: 'Takesit' });
    // Amy drove 1CUR 100 last (her record keeps it); she is off shift, and Ben drives it now.
    await send('PATCH', `/api/drivers/${amy.id}/record`, admin, { vehicleId: car });
    await putOnShift(ben.id, car);

    const benRow = await rosterRow(ben.id, 'Takesit');
    expect(benRow).toMatchObject({
      isOnShift: true,
      shiftVehicle: { id: car, registration: '1CUR 100', type: 'Standard HUG' },
      vehicleTakenBy: null,
    });
    const amyRow = await rosterRow(amy.id, 'Usualcar');
    expect(amyRow).toMatchObject({
      isOnShift: false,
      vehicle: { id: car },
      shiftVehicle: null,
      vehicleTakenBy: `Dana ${ben.lastName}`,
    });

    const csv = await send('GET', '/api/drivers/roster.csv?q=Usualcar', admin);
    expect(csv.body).toContain(`None (usually 1CUR 100, now driven by Dana ${ben.lastName})`);
    const benCsv = await send('GET', '/api/drivers/roster.csv?q=Takesit', admin);
    expect(benCsv.body).toContain(',1CUR 100 · Standard HUG,');
  });

  it('stops naming the other driver once their shift ends', async () => {
    const car = await addVehicle('1CUR 200');
    const cat = await addDriver({ lastName: 'Offduty' });
    const dan = await addDriver({ lastName: 'Onduty' });
    await send('PATCH', `/api/drivers/${cat.id}/record`, admin, { vehicleId: car });
    await putOnShift(dan.id, car);
    await t.connection.db
      .update(driverShifts)
      .set({ endedAt: new Date() })
      .where(eq(driverShifts.driverId, dan.id));
    expect(await rosterRow(cat.id, 'Offduty')).toMatchObject({
      shiftVehicle: null,
      vehicleTakenBy: null,
    });
    expect(await rosterRow(dan.id, 'Onduty')).toMatchObject({ shiftVehicle: null });
  });
});

describe('ratings', () => {
  async function booking(driverId: string | null, status: string) {
    counter += 1;
    const [row] = await t.connection.db
      .insert(bookings)
      .values({
        reference: `RATE${String(counter).padStart(2, '0')}`,
        driverId,
        status,
        pickupTime: new Date(),
        pickupLocation: 'A',
        dropoffLocation: 'B',
      })
      .returning({ id: bookings.id });
    return row!.id;
  }

  it('averages the ratings of completed jobs; a new driver has none, not 0', async () => {
    const driver = await addDriver();
    expect(driver.rating).toBeNull();
    const first = await booking(driver.id, 'completed');
    const second = await booking(driver.id, 'completed');
    const one = await send('PUT', `/api/bookings/${first}/rating`, dispatcher, {
      rating: 5,
      comment: 'Lovely',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ rating: { rating: 5, comment: 'Lovely' }, driverRating: 5 });
    const two = await send('PUT', `/api/bookings/${second}/rating`, admin, { rating: 4 });
    expect(two.json().driverRating).toBe(4.5);
    // Rating a job again replaces its rating.
    const again = await send('PUT', `/api/bookings/${second}/rating`, admin, { rating: 2 });
    expect(again.json().driverRating).toBe(3.5);
    const record = await send('GET', `/api/drivers/${driver.id}/record`, admin);
    expect(record.json().driver).toMatchObject({ rating: 3.5, ratingCount: 2 });
    const read = await send('GET', `/api/bookings/${second}/rating`, dispatcher);
    expect(read.json().rating).toMatchObject({ rating: 2, comment: '' });
    const none = await send(
      'GET',
      `/api/bookings/${await booking(driver.id, 'completed')}/rating`,
      dispatcher,
    );
    expect(none.json().rating).toBeNull();
  });

  it('refuses a rating out of 1-5 and a job that is not completed', async () => {
    const driver = await addDriver();
    const pending = await booking(driver.id, 'assigned');
    const done = await booking(driver.id, 'completed');
    const notDone = await send('PUT', `/api/bookings/${pending}/rating`, dispatcher, {
      rating: 5,
    });
    expect(notDone.statusCode).toBe(409);
    for (const rating of [0, 6, 4.5]) {
      const bad = await send('PUT', `/api/bookings/${done}/rating`, dispatcher, { rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('rating');
    }
    const driverUser = await t.createUser({ role: 'driver' });
    expect(
      (await send('PUT', `/api/bookings/${done}/rating`, driverUser, { rating: 5 })).statusCode,
    ).toBe(403);
  });
});

describe('Trips This Month', () => {
  it('counts the trips the profile counts: a trip done ahead of its pickup later today too', async () => {
    const driver = await addDriver({ lastName: 'Earlybird' });
    const { startOfMonth, startOfTomorrow } = businessPeriods(new Date(), 'Australia/Perth');
    const trip = async (status: string, pickupTime: Date, fareAmount = '50.00') => {
      counter += 1;
      await t.connection.db.insert(bookings).values({
        reference: `TTM${String(counter).padStart(3, '0')}`,
        driverId: driver.id,
        status,
        pickupTime,
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Cottesloe',
        passengerName: 'Pat Passenger',
        fareAmount,
      });
    };
    // Completed before its pickup time, at the end of today (a driver sets off up to the
    // set-off window early): the tester's trip, which the roster left out until that time.
    await trip('completed', new Date(startOfTomorrow.getTime() - 60_000), '70.00');
    await trip('completed', new Date(startOfMonth.getTime() + 60_000), '30.00');
    await trip('assigned', new Date(startOfTomorrow.getTime() - 120_000));
    await trip('no-show', new Date(startOfMonth.getTime() + 120_000));
    await trip('completed', new Date(startOfMonth.getTime() - 60_000)); // last month
    await trip('completed', new Date(startOfTomorrow.getTime() + 60_000)); // tomorrow

    const roster = await send('GET', '/api/drivers/roster?q=Earlybird', admin);
    const listed = roster.json().drivers.find((d: RosterDriver) => d.id === driver.id);
    expect(listed.tripsThisMonth).toBe(2);
    expect((await send('GET', `/api/drivers/${driver.id}/record`, admin)).json()).toMatchObject({
      driver: { tripsThisMonth: 2 },
    });
    // The same trips as the profile's month earnings.
    const profile = await send('GET', `/api/admin/drivers/${driver.id}/profile`, admin);
    expect(profile.json().driver.earningsCents.month).toBe(10_000);
    const csv = await send('GET', '/api/drivers/roster.csv?q=Earlybird', admin);
    expect(csv.body.split(/\r?\n/)[1]).toContain(',2,');
  });
});
