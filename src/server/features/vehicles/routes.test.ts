import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_DOCUMENT_REQUIREMENTS } from '../../../domain/documents';
import type { FleetVehicle } from '../../../domain/vehicles';
import { driverShifts, drivers, fleetDocuments, settings, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
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

const camry = {
  registration: '1abc 234',
  type: 'Standard HUG',
  make: 'Toyota',
  model: 'Camry Hybrid',
  colour: 'White',
  year: 2023,
  seats: 4,
  isElectric: false,
  isWheelchairAccessible: false,
  notes: '',
};

async function addVehicle(changes: object = {}): Promise<FleetVehicle> {
  const response = await send('POST', '/api/vehicles', admin, { ...camry, ...changes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().vehicle;
}

describe('vehicles', () => {
  it('adds a vehicle with its plate in upper case and status active', async () => {
    const vehicle = await addVehicle({ registration: '1xyz  100' });
    expect(vehicle).toMatchObject({
      registration: '1XYZ 100',
      type: 'Standard HUG',
      status: 'active',
      year: 2023,
      drivenBy: null,
      usualDrivers: [],
    });
  });

  it('refuses a plate already in the fleet, spaces aside, naming the vehicle that has it', async () => {
    await addVehicle({ registration: '1DUP 001', make: 'Hyundai', model: 'Ioniq' });
    const response = await send('POST', '/api/vehicles', admin, {
      ...camry,
      registration: '1dup001',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Vehicle 1DUP 001 (Hyundai Ioniq) already has this plate.',
    );
    expect(response.json().error.fields).toHaveProperty('registration');
  });

  it.each([
    ['registration', { registration: 'A' }],
    ['registration', { registration: 'AB@123' }],
    ['year', { year: 1950 }],
    ['year', { year: new Date().getUTCFullYear() + 2 }],
    ['year', { year: 2020.5 }],
    ['seats', { seats: 3 }],
    ['seats', { type: 'Imax 7', seats: 6 }],
    ['seats', { seats: 40 }],
    ['type', { type: 'Minibus' }],
  ])('answers 400 naming %s for a bad value', async (field, changes) => {
    const response = await send('POST', '/api/vehicles', admin, {
      ...camry,
      registration: '1BAD 999',
      ...changes,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('names every bad field at once: a year of 3000 and -2 seats both', async () => {
    const response = await send('POST', '/api/vehicles', admin, {
      ...camry,
      registration: '1BAD 998',
      year: 3000,
      seats: -2,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['seats', 'year']);
  });

  it('lets dispatchers read the fleet but not change it', async () => {
    expect((await send('GET', '/api/vehicles', dispatcher)).statusCode).toBe(200);
    expect((await send('POST', '/api/vehicles', dispatcher, camry)).statusCode).toBe(403);
    const vehicle = await addVehicle({ registration: '1DSP 001' });
    expect(
      (await send('PATCH', `/api/vehicles/${vehicle.id}`, dispatcher, { colour: 'Red' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/vehicles/${vehicle.id}/deactivate`, dispatcher)).statusCode,
    ).toBe(403);
  });

  it('searches by plate without spaces, make or model, and filters by status and type', async () => {
    await addVehicle({
      registration: '1SRC 555',
      type: 'Imax 7',
      make: 'Hyundai',
      model: 'Staria',
      seats: 7,
    });
    const byPlate = await send('GET', '/api/vehicles?q=1src5', dispatcher);
    expect(byPlate.json().vehicles.map((v: FleetVehicle) => v.registration)).toEqual(['1SRC 555']);
    const byModel = await send('GET', '/api/vehicles?q=staria&type=Imax%207', dispatcher);
    expect(byModel.json().vehicles.map((v: FleetVehicle) => v.registration)).toEqual(['1SRC 555']);
    const inactive = await send('GET', '/api/vehicles?status=inactive&q=1src', dispatcher);
    expect(inactive.json().vehicles).toEqual([]);
  });

  it('edits a vehicle, checking seats against the stored type', async () => {
    const vehicle = await addVehicle({ registration: '1EDT 001' });
    const edited = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, {
      colour: 'Silver',
      isElectric: true,
      status: 'in-service',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().vehicle).toMatchObject({
      colour: 'Silver',
      isElectric: true,
      status: 'in-service',
    });
    const tooSmall = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, { type: 'Imax 7' });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error.fields).toHaveProperty('seats');
  });

  it("refuses more seats than the type's passengers on add and edit, suggesting the larger type", async () => {
    const added = await send('POST', '/api/vehicles', admin, {
      ...camry,
      registration: '1BIG 009',
      seats: 9,
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.fields.seats).toBe(
      'a Standard HUG seats at most 4 passengers; the larger types seat 6 (Multivan 6) and 7 (Imax 7)',
    );
    const vehicle = await addVehicle({ registration: '1BIG 006' });
    const edited = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, { seats: 6 });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields.seats).toBe(
      'a Standard HUG seats at most 4 passengers; choose Multivan 6 for 6 seats',
    );
    const asVan = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, {
      type: 'Multivan 6',
      seats: 6,
    });
    expect(asVan.statusCode).toBe(200);
  });

  it('refuses to save a stored vehicle with too many seats until they are mended', async () => {
    const [stored] = await t.connection.db
      .insert(vehicles)
      .values({
        registration: '1OLD 009',
        type: 'Standard HUG',
        make: 'Kia',
        model: 'Carnival',
        seats: 8,
      })
      .returning();
    const colour = await send('PATCH', `/api/vehicles/${stored!.id}`, admin, { colour: 'Red' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().error.fields).toHaveProperty('seats');
    const mended = await send('PATCH', `/api/vehicles/${stored!.id}`, admin, {
      type: 'Imax 7',
      seats: 7,
    });
    expect(mended.statusCode).toBe(200);
  });

  it('deactivates a vehicle, keeping it on record and taking it off its drivers', async () => {
    const vehicle = await addVehicle({ registration: '1OFF 001' });
    await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Vera', lastName: 'Wheel', vehicleId: vehicle.id });
    const before = await send('GET', `/api/vehicles/${vehicle.id}`, admin);
    expect(before.json().vehicle.usualDrivers.map((d: { name: string }) => d.name)).toEqual([
      'Vera Wheel',
    ]);
    const response = await send('POST', `/api/vehicles/${vehicle.id}/deactivate`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().vehicle).toMatchObject({ status: 'inactive', usualDrivers: [] });
    const active = await send('GET', '/api/vehicles?status=active', dispatcher);
    expect(active.json().vehicles.map((v: FleetVehicle) => v.id)).not.toContain(vehicle.id);
  });

  it('names the driver on shift in it as driving it, and the one off shift only as its usual driver', async () => {
    const vehicle = await addVehicle({ registration: '1NOW 001' });
    const db = t.connection.db;
    // Amy drove it last night (her record keeps it); Ben started today's shift in it.
    const [amy, ben] = await db
      .insert(drivers)
      .values([
        { firstName: 'Amy', lastName: 'Lastnight', vehicleId: vehicle.id },
        { firstName: 'Ben', lastName: 'Today', status: 'active', vehicleId: vehicle.id },
      ])
      .returning();
    await db.insert(driverShifts).values([
      {
        driverId: amy!.id,
        vehicleId: vehicle.id,
        startedAt: new Date(Date.now() - 20 * 3600_000),
        endedAt: new Date(Date.now() - 12 * 3600_000),
      },
      { driverId: ben!.id, vehicleId: vehicle.id, startedAt: new Date() },
    ]);
    const listed = await send('GET', '/api/vehicles?q=1NOW001', dispatcher);
    expect(listed.json().vehicles).toMatchObject([
      {
        id: vehicle.id,
        drivenBy: { id: ben!.id, name: 'Ben Today' },
        usualDrivers: [{ id: amy!.id, name: 'Amy Lastnight' }],
      },
    ]);
    // Ben's shift ends: nobody drives it; it is the usual car of both.
    await db
      .update(driverShifts)
      .set({ endedAt: new Date() })
      .where(eq(driverShifts.driverId, ben!.id));
    const after = (await send('GET', `/api/vehicles/${vehicle.id}`, admin)).json().vehicle;
    expect(after.drivenBy).toBeNull();
    expect(after.usualDrivers.map((d: { name: string }) => d.name)).toEqual([
      'Amy Lastnight',
      'Ben Today',
    ]);
  });

  it("says what a vehicle's papers lack, in the list and for one vehicle, and nothing once in order", async () => {
    const rules = (value: object) =>
      t.connection.db
        .update(settings)
        .set({ value })
        .where(eq(settings.key, 'document_requirements'));
    // The spec's papers required (the test app requires none elsewhere in this file).
    await rules(DEFAULT_DOCUMENT_REQUIREMENTS);
    onTestFinished(async () => {
      await rules({ driver: [], vehicle: [] });
    });
    const vehicle = await addVehicle({ registration: '1PAP 001' });
    // A new car holds no papers: every required one is missing.
    expect(vehicle.paperProblems).toEqual([
      'Registration is missing',
      'PTV authorization is missing',
      'Comprehensive insurance with rideshare coverage is missing',
    ]);
    const paper = (type: string, verifiedAt: Date | null) => ({
      vehicleId: vehicle.id,
      type,
      number: `N-${type}`,
      expiresOn: '2099-01-01',
      fileKey: crypto.randomUUID(),
      fileName: `${type}.pdf`,
      contentType: 'application/pdf',
      size: 10,
      verifiedAt,
    });
    await t.connection.db
      .insert(fleetDocuments)
      .values([
        paper('registration', new Date()),
        paper('ptv', null),
        paper('insurance', new Date()),
      ]);
    const listed = async () => {
      const response = await send('GET', '/api/vehicles?q=1PAP001', dispatcher);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().vehicles as FleetVehicle[]).find((one) => one.id === vehicle.id)!;
    };
    expect((await listed()).paperProblems).toEqual(['PTV authorization is not verified']);
    await t.connection.db
      .update(fleetDocuments)
      .set({ verifiedAt: new Date() })
      .where(eq(fleetDocuments.vehicleId, vehicle.id));
    expect((await listed()).paperProblems).toEqual([]);
    const one = await send('GET', `/api/vehicles/${vehicle.id}`, admin);
    expect(one.json().vehicle.paperProblems).toEqual([]);
  });

  it("refuses a save from a form opened before another admin's (decision 187), changing nothing", async () => {
    const vehicle = await addVehicle({ registration: '1VER 200' });
    const workshop = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, {
      status: 'in-service',
      expectedUpdatedAt: vehicle.updatedAt,
    });
    expect(workshop.statusCode, workshop.body).toBe(200);

    const { id: _id, updatedAt, ...stale } = vehicle;
    const refused = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, {
      ...camry,
      registration: stale.registration,
      status: stale.status,
      notes: 'New tyres',
      expectedUpdatedAt: updatedAt,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('changed_since');
    expect(refused.json().error.message).toMatch(
      /^This vehicle was changed by someone else at \d{1,2}:\d{2} [ap]m, after you opened it\. Reload to see the change, then make yours again\.$/,
    );
    const now = await send('GET', `/api/vehicles/${vehicle.id}`, admin);
    expect(now.json().vehicle).toMatchObject({ status: 'in-service', notes: '' });

    const withoutVersion = await send('PATCH', `/api/vehicles/${vehicle.id}`, admin, {
      notes: 'New tyres',
    });
    expect(withoutVersion.statusCode, withoutVersion.body).toBe(200);
    expect(withoutVersion.json().vehicle).toMatchObject({
      status: 'in-service',
      notes: 'New tyres',
    });
  });

  it('answers 404 for an unknown vehicle and 400 for a malformed id', async () => {
    expect(
      (await send('GET', '/api/vehicles/00000000-0000-4000-8000-000000000000', admin)).statusCode,
    ).toBe(404);
    const bad = await send('GET', '/api/vehicles/nope', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });
});
