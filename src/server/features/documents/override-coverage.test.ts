import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/documents';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { formatDate } from '../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import {
  bookings,
  complianceOverrides,
  complianceSuspensions,
  driverShifts,
  drivers,
  fleetDocuments,
  mailOutbox,
  vehicles,
} from '../../db/schema';
import { multipartForm as form } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Decision 153: an override covers the expired papers it was granted for, not
// a paper that expires later. The tester's steps: Jack's licence expires, an
// admin overrides it, then his car's registration expires.

const DAY_MS = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
/** A date relative to the business's today (its zone, as the check reads it). */
const isoDay = (offsetDays: number) =>
  addDays(dayInZone(new Date(), DEFAULT_TIME_ZONE), offsetDays);

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let jackUser: TestUser;
const ids: Record<string, string> = {};

function send(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: TestUser,
  body?: { payload: Buffer; headers: Record<string, string> } | object,
) {
  const multipart = body && 'payload' in body && Buffer.isBuffer(body.payload);
  return t.app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      cookie: user.cookie,
      ...(multipart ? (body as { headers: Record<string, string> }).headers : {}),
    },
    ...(body ? { payload: multipart ? (body as { payload: Buffer }).payload : body } : {}),
  });
}

/** Verified papers good for a year, of a driver or of a vehicle. */
async function papers(owner: { driverId: string } | { vehicleId: string }, types: string[]) {
  const rows = await t.connection.db
    .insert(fleetDocuments)
    .values(
      types.map((type) => ({
        ...owner,
        type,
        number: `N-${type}`,
        expiresOn: isoDay(365),
        fileKey: crypto.randomUUID(),
        fileName: `${type}.pdf`,
        contentType: 'application/pdf',
        size: 10,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: fleetDocuments.id, type: fleetDocuments.type });
  return Object.fromEntries(rows.map((row) => [row.type, row.id]));
}

async function status(driverId: string) {
  const [row] = await t.connection.db
    .select({ status: drivers.status })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row!.status;
}

async function job(reference: string, driverId: string) {
  const [booking] = await t.connection.db
    .insert(bookings)
    .values({
      reference,
      pickupTime: new Date(Date.now() + DAY_MS),
      pickupLocation: 'Perth Airport',
      dropoffLocation: 'Fremantle',
      status: 'assigned',
      driverId,
      vehicleId: ids.car,
    })
    .returning({ id: bookings.id });
  return booking!.id;
}

async function bookingOf(id: string) {
  const [row] = await t.connection.db
    .select({ status: bookings.status, driverId: bookings.driverId })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  jackUser = await t.createUser({ role: 'driver' });
  const [car] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1CBE 133',
      seats: 4,
    })
    .returning({ id: vehicles.id });
  ids.car = car!.id;
  const [jack, lee] = await t.connection.db
    .insert(drivers)
    .values([
      {
        firstName: 'Jack',
        lastName: 'Thompson',
        email: 'driver@demo.test',
        userId: jackUser.id,
        vehicleId: ids.car,
        status: 'active',
      },
      {
        firstName: 'Lee',
        lastName: 'Other',
        email: 'lee@example.test',
        vehicleId: ids.car,
        status: 'offline',
      },
    ])
    .returning({ id: drivers.id });
  ids.jack = jack!.id;
  ids.lee = lee!.id;
  // Both have driven that car; Jack is on shift in it.
  await t.connection.db.insert(driverShifts).values([
    { driverId: ids.jack, vehicleId: ids.car, startedAt: new Date(Date.now() - 2 * DAY_MS) },
    {
      driverId: ids.lee,
      vehicleId: ids.car,
      startedAt: new Date(Date.now() - 3 * DAY_MS),
      endedAt: new Date(Date.now() - 3 * DAY_MS + 8 * 3_600_000),
    },
  ]);
  ids.licence = (
    await papers({ driverId: ids.jack }, ['licence', 'ptd', 'police-certificate'])
  ).licence!;
  await papers({ driverId: ids.lee }, ['licence', 'ptd', 'police-certificate']);
  ids.registration = (
    await papers({ vehicleId: ids.car }, ['registration', 'ptv', 'insurance'])
  ).registration!;
});
afterAll(() => t.close());

describe('an override covers the papers it was given for (decision 153)', () => {
  it("suspends a driver under an override for his licence when his car's registration expires", async () => {
    const firstJob = await job('OVR-1', ids.jack!);
    // Driver's licence → Change expiry → yesterday: suspended, his job back to dispatch.
    const licence = await send('PATCH', `/api/fleet-documents/${ids.licence}`, admin, {
      expiresOn: isoDay(-1),
    });
    expect(licence.statusCode, licence.body).toBe(200);
    expect(await status(ids.jack!)).toBe('suspended');
    expect(await bookingOf(firstJob)).toMatchObject({ status: 'pending', driverId: null });

    // The override, for the licence.
    const endsAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const override = await send('POST', `/api/drivers/${ids.jack}/compliance-override`, admin, {
      reason: 'Renewed licence sighted, paper copy at office',
      endsAt,
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().compliance).toMatchObject({ isCompliant: true, isOverridden: true });
    const [granted] = await t.connection.db
      .select({ covers: complianceOverrides.covers })
      .from(complianceOverrides)
      .where(eq(complianceOverrides.driverId, ids.jack!));
    expect(granted!.covers).toEqual(['driver:licence']);
    // He works again: a shift in the car, a job assigned.
    const shift = await send('POST', '/api/drivers/me/shift', jackUser, { vehicleId: ids.car });
    expect(shift.statusCode, shift.body).toBe(200);
    const assigned = await send('POST', `/api/bookings/${firstJob}/assign`, dispatcher, {
      driverId: ids.jack,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const leesJob = await job('OVR-2', ids.lee!);

    // Vehicles → 1CBE 133 → Registration → Change expiry → two days ago.
    const mailsBefore = await t.connection.db.$count(mailOutbox);
    const registration = await send('PATCH', `/api/fleet-documents/${ids.registration}`, admin, {
      expiresOn: isoDay(-2),
    });
    expect(registration.statusCode, registration.body).toBe(200);
    // Both drivers of the car are suspended, Jack too, and both jobs go back.
    expect(await status(ids.lee!)).toBe('suspended');
    expect(await status(ids.jack!)).toBe('suspended');
    expect(await bookingOf(firstJob)).toMatchObject({ status: 'pending', driverId: null });
    expect(await bookingOf(leesJob)).toMatchObject({ status: 'pending', driverId: null });
    const [open] = await t.connection.db
      .select({ reason: complianceSuspensions.reason })
      .from(complianceSuspensions)
      .where(
        and(eq(complianceSuspensions.driverId, ids.jack!), isNull(complianceSuspensions.liftedAt)),
      );
    // Suspended for the registration, the one paper the override does not cover.
    const expiredRegistration = `Vehicle 1CBE 133: Registration expired on ${formatDate(isoDay(-2))}`;
    expect(open!.reason).toBe(`Expired: ${expiredRegistration}`);
    const mails = (await t.connection.db.select().from(mailOutbox)).slice(mailsBefore);
    expect(mails.filter((mail) => mail.to === 'driver@demo.test')).toEqual([
      expect.objectContaining({
        subject: 'You are suspended: a document has expired',
        text: expect.stringContaining(expiredRegistration),
      }),
    ]);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Jack Thompson is suspended: documents expired',
    );
    // His shift ended, and the job just returned for that registration is not his to take.
    const shifts = await t.connection.db
      .select()
      .from(driverShifts)
      .where(and(eq(driverShifts.driverId, ids.jack!), isNull(driverShifts.endedAt)));
    expect(shifts).toEqual([]);
    for (const id of [leesJob, firstJob]) {
      const refused = await send('POST', `/api/bookings/${id}/assign`, dispatcher, {
        driverId: ids.jack,
      });
      expect(refused.statusCode).toBe(409);
    }

    // His documents say what the override covers and what suspends him.
    const documents = (await send('GET', `/api/drivers/${ids.jack}/documents`, admin)).json();
    expect(documents.compliance).toMatchObject({ isCompliant: false, isOverridden: true });
    expect(
      documents.compliance.problems.map((problem: { message: string; isOverridden: boolean }) => [
        problem.message,
        problem.isOverridden,
      ]),
    ).toEqual([
      [`Driver's licence expired on ${formatDate(isoDay(-1))}`, true],
      [expiredRegistration, false],
    ]);
    expect(documents.override).toMatchObject({ endsAt });
  });

  it('ends the override once the licence it covers is renewed and verified; the registration still suspends', async () => {
    const renewed = await send(
      'POST',
      `/api/drivers/${ids.jack}/documents`,
      admin,
      form(
        { type: 'licence', number: 'N-licence-2', expiresOn: isoDay(700) },
        { name: 'licence.pdf', bytes: PDF },
      ),
    );
    expect(renewed.statusCode, renewed.body).toBe(201);
    const verified = await send(
      'POST',
      `/api/fleet-documents/${renewed.json().document.id}/verify`,
      admin,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const [override] = await t.connection.db
      .select({ endedAt: complianceOverrides.endedAt })
      .from(complianceOverrides)
      .where(eq(complianceOverrides.driverId, ids.jack!));
    expect(override!.endedAt).not.toBeNull();
    expect(await status(ids.jack!)).toBe('suspended');
    const documents = (await send('GET', `/api/drivers/${ids.jack}/documents`, admin)).json();
    expect(documents.override).toBeNull();
    expect(documents.compliance).toMatchObject({ isCompliant: false, isOverridden: false });

    // The registration renewed: both drivers are lifted.
    const registration = await send('PATCH', `/api/fleet-documents/${ids.registration}`, admin, {
      expiresOn: isoDay(365),
    });
    expect(registration.statusCode, registration.body).toBe(200);
    expect(await status(ids.jack!)).toBe('offline');
    expect(await status(ids.lee!)).toBe('offline');
  });

  it('an override from before the papers were recorded covers what has expired at the next check, then only that', async () => {
    // Lee's licence expires: suspended; an override as the old code stored it.
    const [leesLicence] = await t.connection.db
      .select({ id: fleetDocuments.id })
      .from(fleetDocuments)
      .where(and(eq(fleetDocuments.driverId, ids.lee!), eq(fleetDocuments.type, 'licence')));
    await send('PATCH', `/api/fleet-documents/${leesLicence!.id}`, admin, {
      expiresOn: isoDay(-1),
    });
    expect(await status(ids.lee!)).toBe('suspended');
    await t.connection.db.insert(complianceOverrides).values({
      driverId: ids.lee!,
      reason: 'Granted before decision 153',
      endsAt: new Date(Date.now() + DAY_MS),
    });
    const check = await send('POST', '/api/compliance/check', admin);
    expect(check.statusCode).toBe(200);
    expect(await status(ids.lee!)).toBe('offline');
    const [legacy] = await t.connection.db
      .select({ covers: complianceOverrides.covers, endedAt: complianceOverrides.endedAt })
      .from(complianceOverrides)
      .where(eq(complianceOverrides.driverId, ids.lee!));
    expect(legacy).toEqual({ covers: ['driver:licence'], endedAt: null });
    // A paper that expires after that is not covered.
    await send('PATCH', `/api/fleet-documents/${ids.registration}`, admin, {
      expiresOn: isoDay(-1),
    });
    expect(await status(ids.lee!)).toBe('suspended');
  });
});
