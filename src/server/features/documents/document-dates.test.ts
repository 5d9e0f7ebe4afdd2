import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ISSUE_DATE_IN_FUTURE } from '../../../domain/documents';
import { drivers, fleetDocuments, vehicles } from '../../db/schema';
import { multipartForm } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// An issue date after today (the business's day, Perth) is refused by every
// route that writes a driver's or vehicle's document; nothing is stored.

// 00:30 on Mar 11 in Perth, still Mar 10 in UTC: Perth's today is the 11th.
const NOW = new Date('2026-03-10T16:30:00.000Z');
const PERTH_TODAY = '2026-03-11';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

let t: TestApp;
let admin: TestUser;
let driverUser: TestUser;
const ids: Record<string, string> = {};

function post(url: string, user: TestUser, fields: Record<string, string>) {
  const body = multipartForm(fields, { name: 'scan.pdf', bytes: PDF });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, ...body.headers },
    payload: body.payload,
  });
}

function patch(id: string, body: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/fleet-documents/${id}`,
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    payload: body,
  });
}

const filesStored = () => {
  const folder = path.join(t.config.dataDir, 'files');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
};
const stored = async () => ({
  rows: await t.connection.db.$count(fleetDocuments),
  files: filesStored(),
});

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  admin = await t.createUser({ role: 'admin' });
  driverUser = await t.createUser({ role: 'driver' });
  const [vehicle] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1DAT001',
      seats: 4,
    })
    .returning();
  ids.vehicle = vehicle!.id;
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Iris', lastName: 'Issued', userId: driverUser.id })
    .returning();
  ids.driver = driver!.id;
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const uploads = () => [
  {
    route: "an admin's upload of a driver's document",
    url: `/api/drivers/${ids.driver}/documents`,
    user: admin,
    type: 'licence',
  },
  {
    route: "an admin's upload of a vehicle's document",
    url: `/api/vehicles/${ids.vehicle}/documents`,
    user: admin,
    type: 'registration',
  },
  {
    route: "a driver's upload of their own",
    url: '/api/drivers/me/documents',
    user: driverUser,
    type: 'licence',
  },
];

describe('an issue date after today', () => {
  it.each([0, 1, 2])(
    'is refused with 400 naming issuedOn, nothing stored: upload %#',
    async (index) => {
      const { url, user, type } = uploads()[index]!;
      const before = await stored();
      for (const issuedOn of ['2026-03-12', '9999-12-31']) {
        const response = await post(url, user, { type, issuedOn, expiresOn: '' });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.fields).toEqual({ issuedOn: ISSUE_DATE_IN_FUTURE });
        expect(response.json().error.message).toBe(`issuedOn: ${ISSUE_DATE_IN_FUTURE}`);
      }
      expect(await stored()).toEqual(before);
    },
  );

  it("takes Perth's today, though it is still the day before in UTC", async () => {
    for (const { url, user, type } of uploads()) {
      const response = await post(url, user, {
        type,
        issuedOn: PERTH_TODAY,
        expiresOn: '2029-03-11',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().document).toMatchObject({
        issuedOn: PERTH_TODAY,
        expiresOn: '2029-03-11',
      });
    }
  });

  it('is refused on a replacement, which leaves the current one in place', async () => {
    const url = `/api/vehicles/${ids.vehicle}/documents`;
    const current = await post(url, admin, {
      type: 'insurance',
      issuedOn: '2026-01-01',
      expiresOn: '2027-01-01',
    });
    expect(current.statusCode).toBe(201);
    const replacement = await post(url, admin, {
      type: 'insurance',
      issuedOn: '2026-04-01',
      expiresOn: '2027-04-01',
    });
    expect(replacement.statusCode).toBe(400);
    expect(replacement.json().error.fields).toEqual({ issuedOn: ISSUE_DATE_IN_FUTURE });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/vehicles/${ids.vehicle}/documents`,
      headers: { cookie: admin.cookie },
    });
    const insurance = list
      .json()
      .documents.filter((doc: { type: string }) => doc.type === 'insurance');
    expect(insurance).toEqual([
      expect.objectContaining({ id: current.json().document.id, issuedOn: '2026-01-01' }),
    ]);
  });

  it('is refused on an edit, which changes nothing; today is taken', async () => {
    const created = await post(`/api/drivers/${ids.driver}/documents`, admin, {
      type: 'ptd',
      number: 'PTD-1',
      issuedOn: '2026-01-05',
      expiresOn: '2027-01-05',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().document.id as string;

    const refused = await patch(id, { issuedOn: '2026-03-12', number: 'PTD-2' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ issuedOn: ISSUE_DATE_IN_FUTURE });
    const [row] = await t.connection.db
      .select()
      .from(fleetDocuments)
      .where(eq(fleetDocuments.id, id));
    expect(row).toMatchObject({ issuedOn: '2026-01-05', number: 'PTD-1' });

    const taken = await patch(id, { issuedOn: PERTH_TODAY });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().document.issuedOn).toBe(PERTH_TODAY);
  });
});

describe('odd spellings of an issue date', () => {
  it.each([
    ['2026-02-30', 'an impossible day'],
    ['2026-03-10T09:00:00Z', 'a date and time'],
    ['11/03/2026', 'a day-first date'],
    ['+275760-09-13', 'a six-digit year'],
  ])('refuses %s (%s) with 400 naming issuedOn, on upload and edit', async (issuedOn) => {
    const before = await stored();
    const upload = await post(`/api/drivers/${ids.driver}/documents`, admin, {
      type: 'licence',
      issuedOn,
    });
    expect(upload.statusCode).toBe(400);
    expect(Object.keys(upload.json().error.fields)).toEqual(['issuedOn']);
    expect(await stored()).toEqual(before);

    const [document] = await t.connection.db
      .select({ id: fleetDocuments.id })
      .from(fleetDocuments)
      .limit(1);
    const edit = await patch(document!.id, { issuedOn });
    expect(edit.statusCode).toBe(400);
    expect(Object.keys(edit.json().error.fields)).toEqual(['issuedOn']);
  });

  it('reads an empty issue date as none on upload, and refuses it on an edit (null clears it)', async () => {
    const upload = await post(`/api/drivers/${ids.driver}/documents`, admin, {
      type: 'police-certificate',
      issuedOn: '',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().document.issuedOn).toBeNull();
    const id = upload.json().document.id as string;
    const edit = await patch(id, { issuedOn: '' });
    expect(edit.statusCode).toBe(400);
    expect(Object.keys(edit.json().error.fields)).toEqual(['issuedOn']);
  });
});
