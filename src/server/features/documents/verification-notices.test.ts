import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, EXPIRY_REQUIRED } from '../../../domain/documents';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { formatDate } from '../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import { driverShifts, drivers, fleetDocuments, mailOutbox, vehicles } from '../../db/schema';
import { multipartForm as form } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// The owner's tester: a suspended driver uploads a renewed licence on their
// phone and nobody is told; papers that always expire could be saved with no
// expiry date and counted as in order.

const DAY_MS = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
/** A date relative to the business's today (its zone, as the check reads it). */
const isoDay = (offsetDays: number) =>
  addDays(dayInZone(new Date(), DEFAULT_TIME_ZONE), offsetDays);

let t: TestApp;
let admin: TestUser;
let zoeUser: TestUser;
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

const upload = (url: string, user: TestUser, fields: Record<string, string>) =>
  send('POST', url, user, form(fields, { name: 'scan.pdf', bytes: PDF }));

/** Verified papers of a driver or a vehicle, expiring as given (null: stored undated). */
async function papers(
  owner: { driverId: string } | { vehicleId: string },
  types: string[],
  expiresOn: string | null = isoDay(365),
) {
  const rows = await t.connection.db
    .insert(fleetDocuments)
    .values(
      types.map((type) => ({
        ...owner,
        type,
        number: `N-${type}`,
        expiresOn,
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

async function alerts() {
  const response = await send('GET', '/api/admin/dashboard', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().alerts as { kind: string; message: string; href?: string }[];
}

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  admin = await t.createUser({ role: 'admin', email: 'owner@example.test' });
  zoeUser = await t.createUser({ role: 'driver' });
  const [car] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1ZOE 001',
      seats: 4,
    })
    .returning({ id: vehicles.id });
  ids.car = car!.id;
  const [zoe] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Zoë',
      lastName: 'Nguyen',
      email: 'zoe@example.test',
      userId: zoeUser.id,
      vehicleId: ids.car,
      status: 'offline',
    })
    .returning({ id: drivers.id });
  ids.zoe = zoe!.id;
  // She has driven: an expired licence takes her off the road.
  await t.connection.db.insert(driverShifts).values({
    driverId: ids.zoe,
    vehicleId: ids.car,
    startedAt: new Date(Date.now() - 3 * DAY_MS),
    endedAt: new Date(Date.now() - 3 * DAY_MS + 8 * 3_600_000),
  });
  await papers({ driverId: ids.zoe }, ['licence'], isoDay(-1));
  await papers({ driverId: ids.zoe }, ['ptd', 'police-certificate']);
  await papers({ vehicleId: ids.car }, ['registration', 'ptv', 'insurance']);
});
afterAll(() => t.close());

describe('a driver uploads a renewed document herself', () => {
  it("says why a driver is suspended, in the compliance rule's words", async () => {
    const check = await send('POST', '/api/compliance/check', admin);
    expect(check.statusCode, check.body).toBe(200);
    expect(await status(ids.zoe!)).toBe('suspended');
    expect(await alerts()).toContainEqual({
      kind: 'driver-suspended',
      message: `Zoë Nguyen is suspended: Driver's licence expired on ${formatDate(isoDay(-1))}.`,
      href: `/admin/drivers/${ids.zoe}#documents`,
      driverId: ids.zoe,
    });
  });

  it('mails the admins and lists it on the dashboard until it is verified', async () => {
    const before = await t.connection.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const response = await upload('/api/drivers/me/documents', zoeUser, {
      type: 'licence',
      number: 'WA-NEW',
      expiresOn: isoDay(5 * 365),
    });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json().document;
    expect(document.verification).toBe('unverified');

    const mails = (await t.connection.db.select().from(mailOutbox)).filter(
      (mail) => !before.some((old) => old.id === mail.id),
    );
    const toOwner = mails.filter((mail) => mail.to === 'owner@example.test');
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe("Zoë Nguyen uploaded a Driver's licence to verify");
    expect(toOwner[0]!.text).toContain(`expires on ${formatDate(isoDay(5 * 365))}`);

    // No longer suspended (nothing expired), but she cannot work until it is verified.
    expect(await status(ids.zoe!)).not.toBe('suspended');
    const uploadedOn = formatDate(new Date(document.uploadedAt), DEFAULT_TIME_ZONE);
    expect(await alerts()).toContainEqual({
      kind: 'document-unverified',
      message: `Zoë Nguyen's Driver's licence is waiting for verification (uploaded ${uploadedOn}).`,
      href: `/admin/drivers/${ids.zoe}#documents`,
      driverId: ids.zoe,
    });

    const verified = await send('POST', `/api/fleet-documents/${document.id}/verify`, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await alerts()).some((alert) => alert.kind === 'document-unverified')).toBe(false);
  });

  it("does not mail the admins of an admin's own upload", async () => {
    const before = await t.connection.db.$count(mailOutbox);
    const response = await upload(`/api/drivers/${ids.zoe}/documents`, admin, {
      type: 'police-certificate',
      number: 'NPC-2',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await t.connection.db.$count(mailOutbox)).toBe(before);
  });
});

describe('papers that always expire need their expiry date', () => {
  it.each([
    { where: 'the driver app', type: 'licence', url: () => '/api/drivers/me/documents' },
    {
      where: "an admin's driver upload",
      type: 'ptd',
      url: () => `/api/drivers/${ids.zoe}/documents`,
    },
    {
      where: 'a vehicle upload',
      type: 'registration',
      url: () => `/api/vehicles/${ids.car}/documents`,
    },
    { where: 'a vehicle upload', type: 'ptv', url: () => `/api/vehicles/${ids.car}/documents` },
    {
      where: 'a vehicle upload',
      type: 'insurance',
      url: () => `/api/vehicles/${ids.car}/documents`,
    },
  ])('refuses $where of a $type without one, naming expiresOn', async ({ type, url }) => {
    const user = url().includes('/me/') ? zoeUser : admin;
    const before = await t.connection.db.$count(fleetDocuments);
    const response = await upload(url(), user, { type, number: 'N-1', expiresOn: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ expiresOn: EXPIRY_REQUIRED });
    expect(await t.connection.db.$count(fleetDocuments)).toBe(before);
  });

  it('takes a police clearance without one: it states no end', async () => {
    const response = await upload('/api/drivers/me/documents', zoeUser, {
      type: 'police-certificate',
      number: 'NPC-3',
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses clearing the expiry of a registration, naming expiresOn', async () => {
    const [current] = await t.connection.db
      .select({ id: fleetDocuments.id })
      .from(fleetDocuments)
      .where(eq(fleetDocuments.type, 'registration'));
    const response = await send('PATCH', `/api/fleet-documents/${current!.id}`, admin, {
      expiresOn: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ expiresOn: EXPIRY_REQUIRED });
  });

  it('shows a paper stored undated before the rule to the admin, without suspending', async () => {
    const [lee] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Lee', lastName: 'Undated', status: 'offline' })
      .returning({ id: drivers.id });
    await t.connection.db.insert(driverShifts).values({
      driverId: lee!.id,
      startedAt: new Date(Date.now() - 2 * DAY_MS),
      endedAt: new Date(Date.now() - 2 * DAY_MS + 3_600_000),
    });
    const { licence } = await papers({ driverId: lee!.id }, ['licence'], null);
    await papers({ driverId: lee!.id }, ['ptd', 'police-certificate']);
    await send('POST', '/api/compliance/check', admin);
    // Verify waits for the date: nothing could remind or suspend for it.
    const verify = await send('POST', `/api/fleet-documents/${licence}/verify`, admin);
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error.fields.expiresOn).toMatch(
      /^is not given: this document always expires/,
    );
    expect(await status(lee!.id)).toBe('offline');
    expect(await alerts()).toContainEqual({
      kind: 'document-undated',
      message: "Lee Undated's Driver's licence has no expiry date: enter the date printed on it.",
      href: `/admin/drivers/${lee!.id}#documents`,
      driverId: lee!.id,
    });
    // A police clearance has no end: no alert for it.
    expect(
      (await alerts()).some(
        (alert) => alert.kind === 'document-undated' && alert.message.includes('police'),
      ),
    ).toBe(false);
  });
});
