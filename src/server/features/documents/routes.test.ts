import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingEvents,
  bookings,
  businessDocuments,
  complianceSuspensions,
  documentReminders,
  driverShifts,
  drivers,
  fleetDocuments,
  mailOutbox,
  settings,
  vehicles,
} from '../../db/schema';
import { addCalendarDays, dayInZone } from '../../../domain/bookings/wall-time';
import { formatDate } from '../../../domain/format';
import { multipartForm as form } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Issue 11: uploads, downloads by role, and the document rule enforced.

const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0, 0]),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(18),
  ]),
  heic: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
    Buffer.alloc(16),
  ]),
};

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
let otherDriverUser: TestUser;
const ids: Record<string, string> = {};

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
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

function filesStored(): string[] {
  const folder = path.join(t.config.dataDir, 'files');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

async function upload(
  url: string,
  user: TestUser,
  fields: Record<string, string>,
  file = { name: 'scan.pdf', bytes: FILES.pdf },
) {
  return send('POST', url, user, form(fields, file));
}

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  otherDriverUser = await t.createUser({ role: 'driver' });
  const [vehicle] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1DOC001',
      seats: 4,
    })
    .returning();
  ids.vehicle = vehicle!.id;
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Dana',
      lastName: 'Docs',
      email: 'dana@example.test',
      userId: driverUser.id,
      vehicleId: ids.vehicle,
    })
    .returning();
  ids.driver = driver!.id;
  const [other] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Omar', lastName: 'Other', userId: otherDriverUser.id })
    .returning();
  ids.other = other!.id;
});
afterAll(() => t.close());

describe('uploads', () => {
  it.each(Object.entries(FILES))(
    'takes a %s file, its type read from the content',
    async (kind, bytes) => {
      const response = await upload(
        '/api/documents',
        admin,
        { name: `Policy in ${kind}`, category: 'Policies', sharedWith: 'driver' },
        { name: `upload.bin`, bytes },
      );
      expect(response.statusCode, response.body).toBe(201);
      const expected =
        kind === 'jpeg' ? 'image/jpeg' : kind === 'pdf' ? 'application/pdf' : `image/${kind}`;
      expect(response.json().document).toMatchObject({
        version: 1,
        type: expected,
        status: 'active',
      });
    },
  );

  it('refuses a file over 15 MB with 413 and stores nothing', async () => {
    const before = filesStored().length;
    const countBefore = await t.connection.db.$count(businessDocuments);
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const response = await upload(
      '/api/documents',
      admin,
      { name: 'Huge', category: 'Forms' },
      { name: 'huge.pdf', bytes: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The file is too large: upload at most 15 MB.');
    expect(filesStored().length).toBe(before);
    expect(await t.connection.db.$count(businessDocuments)).toBe(countBefore);
  });

  it('refuses a renamed executable with 415 naming the accepted types, storing nothing', async () => {
    const before = filesStored().length;
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const response = await upload(
      '/api/documents',
      admin,
      { name: 'Not a PDF', category: 'Forms' },
      { name: 'invoice.pdf', bytes: executable },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/PDF, JPEG, PNG, WebP or HEIC/);
    expect(filesStored().length).toBe(before);
  });

  it('names a bad field with 400 and stores nothing', async () => {
    const before = filesStored().length;
    const response = await upload('/api/documents', admin, { name: 'X', category: 'Recipes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^category/);
    expect(filesStored().length).toBe(before);
  });

  it('stores a PDF with a script and a path-like name, serving it only as an attachment', async () => {
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
    );
    const response = await upload(
      '/api/documents',
      admin,
      { name: 'Scripted', category: 'Legal', sharedWith: 'driver' },
      { name: '../../etc/passwd.pdf', bytes: scripted },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { document, versions } = response.json();
    expect(versions[0].fileName).toBe('passwd.pdf');
    for (const name of filesStored()) expect(name).toMatch(/^[0-9a-f-]{36}$/);
    const download = await send('GET', `/api/documents/${document.id}/file`, driverUser);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename=passwd.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(scripted)).toBe(true);
  });
  it("percent-encodes a name's ' ( ) * and non-ASCII letters in filename*", async () => {
    const response = await upload(
      '/api/documents',
      admin,
      { name: 'Quoted name', category: 'Forms' },
      { name: "O'Brien (copy)*ü.pdf", bytes: FILES.pdf },
    );
    expect(response.statusCode, response.body).toBe(201);
    const download = await send('GET', `/api/documents/${response.json().document.id}/file`, admin);
    expect(download.headers['content-disposition']).toBe(
      "attachment; filename=\"O'Brien (copy)*?.pdf\"; filename*=UTF-8''O%27Brien%20%28copy%29%2A%C3%BC.pdf",
    );
  });
});

describe('Document Manager', () => {
  it('keeps earlier versions, each downloadable, with who and when', async () => {
    const created = await upload('/api/documents', admin, {
      name: 'Driver handbook',
      category: 'Training',
      expiresOn: '2020-01-01',
    });
    const id = created.json().document.id;
    const renewed = await upload(
      `/api/documents/${id}/versions`,
      admin,
      { expiresOn: '2099-01-01' },
      { name: 'handbook-v2.png', bytes: FILES.png },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { document, versions } = renewed.json();
    expect(document).toMatchObject({ version: 2, expiresOn: '2099-01-01', type: 'image/png' });
    expect(versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ uploadedBy: 'Ada Admin', fileName: 'scan.pdf' });
    const first = await send('GET', `/api/documents/${id}/file?version=1`, admin);
    expect(first.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a new version that has already expired, and stores nothing', async () => {
    const created = await upload('/api/documents', admin, {
      name: 'Monthly safety report',
      category: 'Reports',
      expiresOn: '2099-01-01',
    });
    const id = created.json().document.id;
    const stored = filesStored().length;
    const refused = await upload(`/api/documents/${id}/versions`, admin, {
      expiresOn: '2020-05-05',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      expiresOn: 'cannot be in the past: a renewed document has a current expiry, or none',
    });
    expect(filesStored()).toHaveLength(stored);
    const after = (await send('GET', `/api/documents/${id}`, admin)).json();
    expect(after.document).toMatchObject({ version: 1, expiresOn: '2099-01-01' });
  });

  it('lists with counts per category, searches by name and lists those expiring', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await upload('/api/documents', admin, {
      name: 'Insurance policy',
      category: 'Legal',
      expiresOn: soon,
    });
    const response = await send('GET', '/api/documents?q=insurance', admin);
    const body = response.json();
    expect(body.documents.map((doc: { name: string }) => doc.name)).toEqual(['Insurance policy']);
    expect(body.counts['All Documents']).toBeGreaterThanOrEqual(8);
    expect(body.counts.Legal).toBe(2);
    expect(body.expiring.map((doc: { name: string }) => doc.name)).toContain('Insurance policy');
  });

  it('searches names ignoring accents (decision 92)', async () => {
    await upload('/api/documents', admin, { name: 'Résumé template', category: 'Forms' });
    for (const typed of ['resume', 'RÉSUMÉ']) {
      const found = (
        await send('GET', `/api/documents?q=${encodeURIComponent(typed)}`, admin)
      ).json();
      expect(
        found.documents.map((doc: { name: string }) => doc.name),
        typed,
      ).toEqual(['Résumé template']);
    }
  });

  it('refuses a second current document of one name, case and spaces aside, pointing to Renew; stores nothing', async () => {
    const first = await upload('/api/documents', admin, {
      name: 'Lost property form',
      category: 'Forms',
    });
    expect(first.statusCode, first.body).toBe(201);
    const stored = filesStored().length;
    const count = await t.connection.db.$count(businessDocuments);
    const again = await upload('/api/documents', admin, {
      name: '  LOST PROPERTY FORM ',
      category: 'Forms',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({
      name: 'is already the name of a current document ("Lost property form"): use Renew on it to upload a new version, or choose another name',
    });
    expect(filesStored()).toHaveLength(stored);
    expect(await t.connection.db.$count(businessDocuments)).toBe(count);

    // An archived document is no longer current: its name is free again.
    const firstId = first.json().document.id;
    await send('POST', '/api/documents/archive', admin, { ids: [firstId] });
    const successor = await upload('/api/documents', admin, {
      name: 'Lost Property Form',
      category: 'Forms',
    });
    expect(successor.statusCode, successor.body).toBe(201);
    // Renewing the archived one would make two current documents of the name.
    const renewed = await upload(`/api/documents/${firstId}/versions`, admin, {});
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json().error.message).toBe(
      'A current document is already named "Lost Property Form": renew that one, or archive it before renewing this one.',
    );
    expect(filesStored()).toHaveLength(stored + 1);
    const kept = (await send('GET', `/api/documents/${firstId}`, admin)).json();
    expect(kept.document).toMatchObject({ status: 'archived', version: 1 });
  });

  it('restores archived documents as they were, all or none, never beside a current one of the name', async () => {
    const made = async (name: string) => {
      const response = await upload('/api/documents', admin, { name, category: 'Forms' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().document.id as string;
    };
    const handbook = await made('Restore Handbook');
    const roster = await made('Restore Roster');
    await send('POST', '/api/documents/share', admin, { ids: [handbook], sharedWith: ['driver'] });
    await send('POST', '/api/documents/archive', admin, { ids: [handbook, roster] });
    const status = async (id: string) =>
      (await send('GET', `/api/documents/${id}`, admin)).json().document;

    // A current document took the roster's name meanwhile: neither is restored.
    const successor = await made('restore roster');
    const refused = await send('POST', '/api/documents/restore', admin, {
      ids: [handbook, roster],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'A current document is already named "restore roster": archive it before restoring this one.',
    );
    expect((await status(handbook)).status).toBe('archived');

    await send('POST', '/api/documents/archive', admin, { ids: [successor] });
    const restored = await send('POST', '/api/documents/restore', admin, {
      ids: [handbook, roster, successor],
    });
    // Two of one name cannot both be current: the second is refused, and so is the call.
    expect(restored.statusCode).toBe(409);
    const again = await send('POST', '/api/documents/restore', admin, { ids: [handbook, roster] });
    expect(again.json()).toEqual({ updated: 2 });
    expect(await status(handbook)).toMatchObject({ status: 'active', sharedWith: ['driver'] });
    // Shared with drivers again, as before it was archived.
    const forDriver = (await send('GET', '/api/documents/shared', driverUser)).json().documents;
    expect(forDriver.map((doc: { name: string }) => doc.name)).toContain('Restore Handbook');
    // Current ones are left alone, not counted; drivers may not restore.
    expect((await send('POST', '/api/documents/restore', admin, { ids: [roster] })).json()).toEqual(
      {
        updated: 0,
      },
    );
    expect(
      (await send('POST', '/api/documents/restore', driverUser, { ids: [successor] })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/documents/restore', admin, { ids: ['nope'] })).statusCode,
    ).toBe(400);
    // Out of the next test's way: drivers count what is shared with them.
    await send('POST', '/api/documents/archive', admin, { ids: [handbook] });
  });

  it('archives and shares in bulk; drivers see only active documents shared with drivers', async () => {
    const list = (await send('GET', '/api/documents?category=Policies', admin)).json().documents;
    const ids = list.map((doc: { id: string }) => doc.id);
    const shared = await send('POST', '/api/documents/share', admin, {
      ids,
      sharedWith: ['dispatcher'],
    });
    expect(shared.json()).toEqual({ updated: ids.length });
    const forDriver = (await send('GET', '/api/documents/shared', driverUser)).json().documents;
    expect(forDriver.map((doc: { name: string }) => doc.name)).toEqual(['Scripted']);
    const forbidden = await send('GET', `/api/documents/${ids[0]}/file`, driverUser);
    expect(forbidden.statusCode).toBe(404);
    expect((await send('GET', `/api/documents/${ids[0]}/file`, dispatcher)).statusCode).toBe(200);
    await send('POST', '/api/documents/archive', admin, { ids: [ids[0]] });
    expect((await send('GET', `/api/documents/${ids[0]}/file`, dispatcher)).statusCode).toBe(404);
    expect((await send('GET', '/api/documents', driverUser)).statusCode).toBe(403);
  });
});

const DRIVER_TYPES = ['licence', 'ptd', 'police-certificate'];
const VEHICLE_TYPES = ['registration', 'ptv', 'insurance'];

async function giveDocuments(
  url: string,
  types: string[],
  expiresOn = '2099-12-31',
  user = admin,
): Promise<string[]> {
  const documentIds: string[] = [];
  for (const type of types) {
    const response = await upload(url, user, { type, number: `N-${type}`, expiresOn });
    expect(response.statusCode, response.body).toBe(201);
    documentIds.push(response.json().document.id);
  }
  return documentIds;
}

/** The status the admin reads on the Drivers page (the roster) and the driver's record. */
async function recordStatus(driverId: string): Promise<string> {
  const record = (await send('GET', `/api/drivers/${driverId}/record`, admin)).json();
  const roster = (await send('GET', '/api/drivers/roster', admin)).json();
  const listed = roster.drivers.find((driver: { id: string }) => driver.id === driverId);
  expect(listed.status).toBe(record.driver.status);
  return record.driver.status;
}

describe('the document rule', () => {
  it('refuses a shift naming every missing document', async () => {
    expect(await recordStatus(ids.driver!)).toBe('pending');
    const response = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "You cannot work until these documents are in order: Driver's licence is missing; PTD authorization is missing; National police clearance is missing. 1DOC001 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing; Comprehensive insurance with rideshare coverage is missing.",
    );
  });

  it('lets the driver upload their own, unverified until an admin verifies; then the shift starts', async () => {
    const own = await giveDocuments(
      '/api/drivers/me/documents',
      DRIVER_TYPES,
      '2099-12-31',
      driverUser,
    );
    const vehicleDocs = await giveDocuments(
      `/api/vehicles/${ids.vehicle}/documents`,
      VEHICLE_TYPES,
    );
    const mine = (await send('GET', '/api/drivers/me/documents', driverUser)).json();
    expect(
      mine.documents.every((doc: { verification: string }) => doc.verification === 'unverified'),
    ).toBe(true);
    const refused = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(refused.json().error.message).toMatch(/PTD authorization is not verified/);
    // Uploaded is not verified: the roster does not call them Active yet.
    expect(await recordStatus(ids.driver!)).toBe('pending');
    const pending = await send('GET', '/api/drivers/roster?status=pending', admin);
    expect(pending.json().drivers.map((driver: { id: string }) => driver.id)).toContain(ids.driver);
    const active = await send('GET', '/api/drivers/roster?status=active', admin);
    expect(active.json().drivers.map((driver: { id: string }) => driver.id)).not.toContain(
      ids.driver,
    );
    for (const id of [...own, ...vehicleDocs]) {
      const verified = await send('POST', `/api/fleet-documents/${id}/verify`, admin);
      expect(verified.json().document).toMatchObject({
        verification: 'verified',
        verifiedBy: 'Ada Admin',
      });
    }
    expect(await recordStatus(ids.driver!)).toBe('active');
    const started = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(started.statusCode, started.body).toBe(200);
    await send('POST', '/api/drivers/me/shift/end', driverUser);
    ids.licence = own[0]!;
  });

  it("a driver downloads the papers of the vehicle they drive, not another vehicle's", async () => {
    const [vehicleDocument] = (await send('GET', '/api/drivers/me/documents', driverUser)).json()
      .vehicle.documents;
    expect(
      (await send('GET', `/api/fleet-documents/${vehicleDocument.id}/file`, driverUser)).statusCode,
    ).toBe(200);
    expect(
      (await send('GET', `/api/fleet-documents/${vehicleDocument.id}/file`, otherDriverUser))
        .statusCode,
    ).toBe(404);
  });

  it("answers a vehicle's papers with what keeps any driver from working in it", async () => {
    const [bare] = await t.connection.db
      .insert(vehicles)
      .values({
        type: 'Multivan 6',
        make: 'VW',
        model: 'Multivan',
        registration: '1DOC002',
        seats: 6,
      })
      .returning();
    const missing = (await send('GET', `/api/vehicles/${bare!.id}/documents`, admin)).json();
    expect(missing.problems.map((problem: { message: string }) => problem.message)).toEqual([
      'Vehicle 1DOC002: Registration is missing',
      'Vehicle 1DOC002: PTV authorization is missing',
      'Vehicle 1DOC002: Comprehensive insurance with rideshare coverage is missing',
    ]);
    const inOrder = (await send('GET', `/api/vehicles/${ids.vehicle}/documents`, admin)).json();
    expect(inOrder.problems).toEqual([]);
    expect(inOrder.documents).toHaveLength(3);
  });

  it("a driver cannot download another driver's documents", async () => {
    const response = await send('GET', `/api/fleet-documents/${ids.licence}/file`, otherDriverUser);
    expect(response.statusCode).toBe(404);
    expect(
      (await send('GET', `/api/fleet-documents/${ids.licence}/file`, driverUser)).statusCode,
    ).toBe(200);
    expect(
      (await send('GET', `/api/fleet-documents/${ids.licence}/file`, dispatcher)).statusCode,
    ).toBe(200);
  });

  it('a rejected document no longer counts, says so, and suspends the driver until replaced', async () => {
    // Omar has driven: a shift last week.
    await t.connection.db.insert(driverShifts).values({
      driverId: ids.other!,
      startedAt: new Date(Date.now() - 7 * 86_400_000),
      endedAt: new Date(Date.now() - 7 * 86_400_000 + 8 * 3_600_000),
    });
    const [id] = await giveDocuments(`/api/drivers/${ids.other}/documents`, ['licence']);
    const rejected = await send('POST', `/api/fleet-documents/${id}/reject`, admin, {
      reason: 'Blurry photo',
    });
    expect(rejected.json().document).toMatchObject({
      verification: 'rejected',
      rejectedReason: 'Blurry photo',
    });
    const other = (await send('GET', `/api/drivers/${ids.other}/documents`, admin)).json();
    expect(other.compliance.problems[0].message).toBe("Driver's licence was rejected");
    expect(other.compliance).toMatchObject({ isCompliant: false, hasRejected: true });
    // Off the road at once, as for an expiry (decision 88), and no override stands in for it.
    const [row] = await t.connection.db
      .select({ status: drivers.status })
      .from(drivers)
      .where(eq(drivers.id, ids.other!));
    expect(row!.status).toBe('suspended');
    expect(
      (await send('GET', `/api/drivers/${ids.other}/documents`, admin)).json().overrideRefusal,
    ).toBe('rejected');
    const override = await send('POST', `/api/drivers/${ids.other}/compliance-override`, admin, {
      reason: 'Papers are coming',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(override.statusCode).toBe(409);
    expect(override.json().error.message).toMatch(/has a rejected document/);
  });

  it('a rejected first upload leaves a driver who never drove unsuspended, and mails them why (decision 93)', async () => {
    const [newcomer] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Nell', lastName: 'Newcomer', email: 'nell@example.test' })
      .returning();
    const [id] = await giveDocuments(`/api/drivers/${newcomer!.id}/documents`, ['licence']);
    const rejected = await send('POST', `/api/fleet-documents/${id}/reject`, admin, {
      reason: 'Photo unreadable, glare over the number',
    });
    expect(rejected.statusCode).toBe(200);
    const [row] = await t.connection.db
      .select({ status: drivers.status })
      .from(drivers)
      .where(eq(drivers.id, newcomer!.id));
    expect(row!.status).not.toBe('suspended');
    const documents = (await send('GET', `/api/drivers/${newcomer!.id}/documents`, admin)).json();
    expect(documents.compliance).toMatchObject({ isCompliant: false, hasRejected: true });
    const mails = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nell@example.test'));
    expect(mails.map((mail) => mail.subject)).toEqual(["Your Driver's licence was rejected"]);
    expect(mails[0]!.text).toContain('Photo unreadable, glare over the number');
  });

  it('an expired document suspends a driver who never drove too (spec section 5), on every path; an override can lift it', async () => {
    const [quentin] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Quentin', lastName: 'Quill', email: 'quentin@example.test' })
      .returning();
    const id = quentin!.id;
    const today = dayInZone(new Date());
    const suspensions = () =>
      t.connection.db
        .select()
        .from(complianceSuspensions)
        .where(eq(complianceSuspensions.driverId, id));

    // His first upload: a licence that expired four weeks ago. He cannot
    // work, and every screen says so in the spec's word.
    await giveDocuments(`/api/drivers/${id}/documents`, ['licence'], addCalendarDays(today, -28));
    expect(await recordStatus(id)).toBe('suspended');
    expect(await suspensions()).toHaveLength(1);
    const his = await t.connection.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'quentin@example.test'));
    expect(his.map((mail) => mail.subject)).toEqual(['You are suspended: a document has expired']);
    expect(his[0]!.text).toContain(
      `Driver's licence expired on ${formatDate(addCalendarDays(today, -28))}`,
    );
    const mails = await t.connection.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(mails.map((mail) => mail.subject)).toContain(
      'Quentin Quill is suspended: documents expired',
    );
    // An expiry changed to the past, and the check at start and hourly: still one suspension.
    const [ptd] = await giveDocuments(`/api/drivers/${id}/documents`, ['ptd']);
    const edited = await send('PATCH', `/api/fleet-documents/${ptd}`, admin, {
      expiresOn: addCalendarDays(today, -1),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const checked = await send('POST', '/api/compliance/check', admin);
    expect(checked.statusCode).toBe(200);
    expect(await recordStatus(id)).toBe('suspended');
    expect(await suspensions()).toHaveLength(1);
    // The rule keeps him from work, naming the expired papers.
    const documents = (await send('GET', `/api/drivers/${id}/documents`, admin)).json();
    expect(documents.compliance).toMatchObject({ isCompliant: false, hasExpired: true });
    const activation = await send('PATCH', `/api/drivers/${id}`, dispatcher, { status: 'active' });
    expect(activation.statusCode).toBe(409);
    expect(activation.json().error.message).toMatch(/Driver's licence expired on/);
    // Suspended, so an override can be made, and his documents say so.
    expect(documents).toMatchObject({ isSuspended: true, overrideRefusal: null });
    const overridden = await send('POST', `/api/drivers/${id}/compliance-override`, admin, {
      reason: 'Renewal in the post',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({ compliance: { isOverridden: true } });
    // Lifted; his police clearance is still missing, which no override stands in for.
    expect(await recordStatus(id)).toBe('pending');
    const lifted = (await send('GET', `/api/drivers/${id}/documents`, admin)).json();
    expect(lifted).toMatchObject({ isSuspended: false, overrideRefusal: 'not-suspended' });
  });

  it('a renewal uploaded before the old paper expires waits for Verify while the driver works on the old one (decision 182)', async () => {
    const [rae] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Rae', lastName: 'Renew', email: 'rae@example.test' })
      .returning();
    const id = rae!.id;
    const today = dayInZone(new Date());
    const papers = await giveDocuments(
      `/api/drivers/${id}/documents`,
      DRIVER_TYPES,
      addCalendarDays(today, 10),
    );
    for (const paper of papers) {
      const verified = await send('POST', `/api/fleet-documents/${paper}/verify`, admin);
      expect(verified.statusCode, verified.body).toBe(200);
    }
    expect(await recordStatus(id)).toBe('active');

    // Ten days before it runs out, next year's licence is uploaded: not verified yet.
    const [renewal] = await giveDocuments(
      `/api/drivers/${id}/documents`,
      ['licence'],
      addCalendarDays(today, 375),
    );
    const documents = (await send('GET', `/api/drivers/${id}/documents`, admin)).json();
    expect(
      documents.documents.find((each: { id: string }) => each.id === renewal).verification,
    ).toBe('unverified');
    // The verified licence it replaced is good for ten days more: she still works.
    expect(documents.compliance).toMatchObject({ isCompliant: true, problems: [] });
    expect(await recordStatus(id)).toBe('active');

    // Had the old one run out, the renewal would have to be verified first.
    await t.connection.db
      .update(fleetDocuments)
      .set({ expiresOn: addCalendarDays(today, -1) })
      .where(eq(fleetDocuments.id, papers[0]!));
    const lapsed = (await send('GET', `/api/drivers/${id}/documents`, admin)).json();
    expect(lapsed.compliance.problems).toMatchObject([
      { kind: 'unverified', message: "Driver's licence is not verified" },
    ]);
  });

  it("a verified document's corrected expiry is recorded, who and when, and waits for Verify again: the suspension lifts, the driver does not work until then", async () => {
    const [pia] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Pia', lastName: 'Patch', email: 'pia@example.test' })
      .returning();
    const id = pia!.id;
    await t.connection.db.insert(driverShifts).values({
      driverId: id,
      startedAt: new Date(Date.now() - 3 * 86_400_000),
      endedAt: new Date(Date.now() - 3 * 86_400_000 + 8 * 3_600_000),
    });
    const today = dayInZone(new Date());
    const papers = await giveDocuments(`/api/drivers/${id}/documents`, DRIVER_TYPES);
    for (const paper of papers) {
      const verified = await send('POST', `/api/fleet-documents/${paper}/verify`, admin);
      expect(verified.statusCode, verified.body).toBe(200);
    }
    expect(await recordStatus(id)).toBe('active');
    // A year on, the verified licence has expired and the pass suspends her.
    const [licence, ptd] = papers;
    const lapsed = addCalendarDays(today, -3);
    await t.connection.db
      .update(fleetDocuments)
      .set({ expiresOn: lapsed })
      .where(eq(fleetDocuments.id, licence!));
    await send('POST', '/api/compliance/check', admin);
    expect(await recordStatus(id)).toBe('suspended');

    // The admin types next year's date on the card.
    const renewed = addCalendarDays(today, 362);
    const before = Date.now();
    const corrected = await send('PATCH', `/api/fleet-documents/${licence}`, admin, {
      expiresOn: renewed,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const document = corrected.json().document;
    // The verification vouched for the old date: it no longer claims the new one.
    expect(document).toMatchObject({
      expiresOn: renewed,
      status: 'valid',
      verification: 'unverified',
      verifiedBy: null,
      verifiedAt: null,
    });
    expect(document.changes).toEqual([
      {
        field: 'expiresOn',
        from: lapsed,
        to: renewed,
        changedBy: 'Ada Admin',
        changedAt: expect.any(String),
        verificationWithdrawn: true,
      },
    ]);
    expect(Date.parse(document.changes[0].changedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Not suspended (nothing has expired), not working either: as any unverified upload.
    expect(await recordStatus(id)).toBe('pending');
    const documents = (await send('GET', `/api/drivers/${id}/documents`, admin)).json();
    expect(documents.compliance.problems).toMatchObject([
      { kind: 'unverified', message: "Driver's licence is not verified" },
    ]);
    const activation = await send('PATCH', `/api/drivers/${id}`, dispatcher, { status: 'active' });
    expect(activation.statusCode).toBe(409);
    // The card's change is kept with the document.
    expect(documents.documents.find((each: { id: string }) => each.id === licence).changes).toEqual(
      document.changes,
    );

    // Verified again at once, against the paper: she may work.
    const verified = await send('POST', `/api/fleet-documents/${licence}/verify`, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().document).toMatchObject({
      verification: 'verified',
      verifiedBy: 'Ada Admin',
      changes: document.changes,
    });
    expect(await recordStatus(id)).toBe('active');

    // The same date again, or the notes alone, change no fact: the verification stands.
    for (const body of [{ expiresOn: '2099-12-31' }, { notes: 'Original sighted at the office' }]) {
      const same = await send('PATCH', `/api/fleet-documents/${ptd}`, admin, body);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().document).toMatchObject({ verification: 'verified', changes: [] });
    }
    // The number is a fact of the paper too.
    const renumbered = await send('PATCH', `/api/fleet-documents/${ptd}`, admin, {
      number: 'PTD-2',
    });
    expect(renumbered.json().document).toMatchObject({
      verification: 'unverified',
      changes: [
        {
          field: 'number',
          from: 'N-ptd',
          to: 'PTD-2',
          changedBy: 'Ada Admin',
          verificationWithdrawn: true,
        },
      ],
    });
  });

  it("refuses to verify a document whose expiry date is before today (Perth), naming expiresOn and the date in the app's style", async () => {
    const [driver] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Eve', lastName: 'Expired' })
      .returning();
    const today = dayInZone(new Date());
    const expired = await giveDocuments(
      `/api/drivers/${driver!.id}/documents`,
      ['licence'],
      addCalendarDays(today, -1),
    );
    const lastDay = await giveDocuments(`/api/drivers/${driver!.id}/documents`, ['ptd'], today);
    const refused = await send('POST', `/api/fleet-documents/${expired![0]}/verify`, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.expiresOn).toBe(
      `expired on ${formatDate(addCalendarDays(today, -1))}. An expired document cannot be verified: upload the renewed one, or correct the expiry date if it was entered wrong.`,
    );
    const [row] = await t.connection.db
      .select({ verifiedAt: fleetDocuments.verifiedAt, verifiedBy: fleetDocuments.verifiedBy })
      .from(fleetDocuments)
      .where(eq(fleetDocuments.id, expired![0]!));
    expect(row).toEqual({ verifiedAt: null, verifiedBy: null });
    // A document is good through the day it expires.
    const verified = await send('POST', `/api/fleet-documents/${lastDay![0]}/verify`, admin);
    expect(verified.statusCode, verified.body).toBe(200);
    // Corrected to a later expiry, the same document may be verified.
    await send('PATCH', `/api/fleet-documents/${expired![0]}`, admin, {
      expiresOn: addCalendarDays(today, 365),
    });
    const afterCorrection = await send('POST', `/api/fleet-documents/${expired![0]}/verify`, admin);
    expect(afterCorrection.statusCode, afterCorrection.body).toBe(200);
  });

  it('an expired licence suspends the driver once, returns their jobs flagged, and refuses the shift', async () => {
    const [booking] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'DOC-1',
        pickupTime: new Date(Date.now() + 86_400_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Fremantle',
        status: 'assigned',
        driverId: ids.driver,
        vehicleId: ids.vehicle,
      })
      .returning();
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const patched = await send('PATCH', `/api/fleet-documents/${ids.licence}`, admin, {
      expiresOn: yesterday,
    });
    expect(patched.json().document.status).toBe('expired');
    const again = await send('POST', '/api/compliance/check', admin);
    expect(again.json().suspended).toBe(0);

    const [driver] = await t.connection.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, ids.driver!));
    expect(driver!.status).toBe('suspended');
    // The driver's and the admins' mails write the date as every screen does (decision 46).
    const mails = await t.connection.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox);
    const suspensionMails = mails.filter(
      (mail) =>
        (mail.to === 'dana@example.test' &&
          mail.subject === 'You are suspended: a document has expired') ||
        mail.subject === 'Dana Docs is suspended: documents expired',
    );
    expect(suspensionMails.map((mail) => mail.to).sort()).toEqual(
      [admin.email, 'dana@example.test'].sort(),
    );
    for (const mail of suspensionMails) {
      expect(mail.text).toContain(`Driver's licence expired on ${formatDate(yesterday)}`);
      expect(mail.text).not.toContain(yesterday);
    }
    const open = await t.connection.db
      .select()
      .from(complianceSuspensions)
      .where(
        and(
          eq(complianceSuspensions.driverId, ids.driver!),
          isNull(complianceSuspensions.liftedAt),
        ),
      );
    expect(open).toHaveLength(1);
    const [job] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(job).toMatchObject({ status: 'pending', driverId: null });
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking!.id));
    expect(events.map((event) => event.type)).toEqual(['returned-to-dispatch']);
    expect(events[0]!.changes).toMatchObject({ flagged: true });

    const refused = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `You cannot work until these documents are in order: Driver's licence expired on ${formatDate(yesterday)}.`,
    );
    const assign = await send('POST', `/api/bookings/${booking!.id}/assign`, dispatcher, {
      driverId: ids.driver,
    });
    expect(assign.statusCode).toBe(409);
  });

  it('refuses an override for a driver who is not suspended (it lifts an expiry suspension only)', async () => {
    const [driver] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Omar', lastName: 'Other' })
      .returning();
    const response = await send('POST', `/api/drivers/${driver!.id}/compliance-override`, admin, {
      reason: 'Papers are coming',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Omar Other is not suspended: an override only lifts a suspension for expired documents.',
    );
  });

  it('an override (at most 7 days) lifts the suspension', async () => {
    const tooLong = await send('POST', `/api/drivers/${ids.driver}/compliance-override`, admin, {
      reason: 'Renewal in the post',
      endsAt: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    });
    expect(tooLong.statusCode).toBe(400);
    const override = await send('POST', `/api/drivers/${ids.driver}/compliance-override`, admin, {
      reason: 'Renewal in the post',
      endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json()).toMatchObject({
      compliance: { isCompliant: true, isOverridden: true },
      override: { reason: 'Renewal in the post' },
    });
    const [driver] = await t.connection.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, ids.driver!));
    expect(driver!.status).toBe('offline');
  });

  it('sends each reminder once per document and threshold', async () => {
    // Five days from today in the business time zone, where the check counts
    // days (after 16:00 UTC it is already tomorrow in Perth).
    const inFive = addCalendarDays(dayInZone(new Date()), 5);
    const [id] = await giveDocuments(`/api/drivers/${ids.other}/documents`, ['ptd'], inFive);
    const mailsBefore = await t.connection.db.$count(mailOutbox);
    const first = await send('POST', '/api/compliance/check', admin);
    expect(first.json().reminders).toBeGreaterThanOrEqual(1);
    const second = await send('POST', '/api/compliance/check', admin);
    expect(second.json().reminders).toBe(0);
    const sent = await t.connection.db
      .select()
      .from(documentReminders)
      .where(eq(documentReminders.documentId, id!));
    expect(sent.map((row) => row.thresholdDays)).toEqual([7]);
    const mails = await t.connection.db.select().from(mailOutbox);
    expect(mails.length).toBeGreaterThan(mailsBefore);
    expect(
      mails.some((mail) => /Omar Other: PTD authorization expires in 5 days/.test(mail.subject)),
    ).toBe(true);
  });

  it("lists a document expiring within 30 days on the dashboard's Alerts", async () => {
    const dashboard = (await send('GET', '/api/admin/dashboard', admin)).json();
    expect(dashboard.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'document-expiring',
          message: expect.stringMatching(/^Omar Other: PTD authorization expires on /),
          href: `/admin/drivers/${ids.other}#documents`,
          driverId: ids.other,
        }),
      ]),
    );
  });

  it('refuses an expiry before the issue date, on upload and on edit, naming expiresOn', async () => {
    const url = `/api/drivers/${ids.other}/documents`;
    const refused = await upload(url, admin, {
      type: 'licence',
      number: 'N-backwards',
      issuedOn: '2024-01-01',
      expiresOn: '2020-01-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      expiresOn: 'must be on or after the issue date',
    });

    const saved = await upload(url, admin, {
      type: 'licence',
      number: 'N-forwards',
      issuedOn: '2024-01-01',
      expiresOn: '2034-01-01',
    });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().document.id as string;
    const edited = await send('PATCH', `/api/fleet-documents/${id}`, admin, {
      expiresOn: '2023-12-31',
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields).toHaveProperty('expiresOn');
    const kept = await send('GET', `/api/drivers/${ids.other}/documents`, admin);
    const licence = kept.json().documents.find((doc: { id: string }) => doc.id === id) as {
      expiresOn: string;
    };
    expect(licence.expiresOn).toBe('2034-01-01');
  });

  it('activation needs the documents in order', async () => {
    const response = await send('PATCH', `/api/drivers/${ids.other}`, dispatcher, {
      status: 'active',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/^Omar Other cannot work until/);
  });

  it('keeps replaced documents on file', async () => {
    await giveDocuments(`/api/drivers/${ids.other}/documents`, ['ptd']);
    const rows = await t.connection.db
      .select()
      .from(fleetDocuments)
      .where(and(eq(fleetDocuments.driverId, ids.other!), eq(fleetDocuments.type, 'ptd')));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
  });

  it('refuses a type that repeats another but for case, spaces and punctuation, and saves nothing', async () => {
    const current = (await send('GET', '/api/documents/requirements', admin)).json().requirements;
    const refused = await send('PUT', '/api/documents/requirements', admin, {
      ...current,
      driver: [...current.driver, { key: 'driver-s-licence', label: "driver's LICENCE" }],
    });
    expect(refused.statusCode).toBe(400);
    const message =
      '"driver\'s LICENCE" is the same type as "Driver\'s licence", which is already required (case, spaces and punctuation aside).';
    expect(refused.json().error).toMatchObject({ message, fields: { driver: message } });
    const after = (await send('GET', '/api/documents/requirements', admin)).json().requirements;
    expect(after).toEqual(current);
  });

  it("refuses a save of the requirements from a screen opened before another admin's, naming who and when, changing nothing (decision 220)", async () => {
    const other = await t.createUser({ role: 'admin', name: 'Mia Tran' });
    const opened = (await send('GET', '/api/documents/requirements', admin)).json();
    const withDriverType = (key: string, label: string) => ({
      ...opened.requirements,
      driver: [...opened.requirements.driver, { key, label }],
    });
    const first = await send('PUT', '/api/documents/requirements', other, {
      ...withDriverType('first-aid', 'First aid certificate'),
      expectedUpdatedAt: opened.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).not.toBe(opened.version);
    expect(first.json().version).toBe(
      (await send('GET', '/api/documents/requirements', admin)).json().version,
    );

    const stale = await send('PUT', '/api/documents/requirements', admin, {
      ...withDriverType('working-with-children', 'Working with children check'),
      expectedUpdatedAt: opened.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since');
    expect(stale.json().error.message).toMatch(
      /^The Required Documents setting was changed by Mia Tran at \d{1,2}:\d{2} [ap]m, after you opened it\. Reload to see the change, then make yours again\.$/,
    );
    const now = (await send('GET', '/api/documents/requirements', admin)).json();
    expect(now).toEqual(first.json());

    // Left out, nothing is checked (API clients written before it).
    const unchecked = await send('PUT', '/api/documents/requirements', admin, opened.requirements);
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    expect(unchecked.json().requirements).toEqual(opened.requirements);
  });

  it('refuses a requirements version that is not a date and time, naming the field', async () => {
    const current = (await send('GET', '/api/documents/requirements', admin)).json();
    const refused = await send('PUT', '/api/documents/requirements', admin, {
      ...current.requirements,
      expectedUpdatedAt: 'yesterday',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('expectedUpdatedAt');
    expect((await send('GET', '/api/documents/requirements', admin)).json()).toEqual(current);
  });

  it('an added required type (a medical certificate) holds every driver back until they have one', async () => {
    const current = (await send('GET', '/api/documents/requirements', admin)).json().requirements;
    const dropped = await send('PUT', '/api/documents/requirements', admin, {
      ...current,
      driver: current.driver.filter((type: { key: string }) => type.key !== 'ptd'),
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().error.message).toMatch(/^driver/);
    const added = await send('PUT', '/api/documents/requirements', admin, {
      ...current,
      driver: [...current.driver, { key: 'medical', label: 'Medical certificate' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const before = (await send('GET', `/api/drivers/${ids.driver}/documents`, admin)).json();
    expect(before.compliance.isCompliant).toBe(false);
    expect(
      before.compliance.problems.map((problem: { message: string }) => problem.message),
    ).toContain('Medical certificate is missing');
    const refused = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(refused.json().error.message).toBe(
      'You cannot work until these documents are in order: Medical certificate is missing.',
    );
    const [medical] = await giveDocuments(`/api/drivers/${ids.driver}/documents`, ['medical']);
    await send('POST', `/api/fleet-documents/${medical}/verify`, admin);
    const after = (await send('GET', `/api/drivers/${ids.driver}/documents`, admin)).json();
    expect(after.compliance.isCompliant).toBe(true);
    const started = await send('POST', '/api/drivers/me/shift', driverUser, {});
    expect(started.statusCode, started.body).toBe(200);
    await send('POST', '/api/drivers/me/shift/end', driverUser);
  });

  it("names the spec's six types in the spec's words, even from a setting saved with older ones", async () => {
    const older = {
      driver: [
        { key: 'licence', label: "Driver's licence" },
        { key: 'ptd', label: 'PTD authorisation' },
        { key: 'police-certificate', label: 'National police certificate' },
      ],
      vehicle: [
        { key: 'registration', label: 'Registration' },
        { key: 'ptv', label: 'PTV authorisation' },
        { key: 'insurance', label: 'Comprehensive insurance with rideshare cover' },
      ],
    };
    const spec = {
      driver: [
        { key: 'licence', label: "Driver's licence" },
        { key: 'ptd', label: 'PTD authorization' },
        { key: 'police-certificate', label: 'National police clearance' },
      ],
      vehicle: [
        { key: 'registration', label: 'Registration' },
        { key: 'ptv', label: 'PTV authorization' },
        { key: 'insurance', label: 'Comprehensive insurance with rideshare coverage' },
      ],
    };
    const saved = await send('PUT', '/api/documents/requirements', admin, older);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().requirements).toEqual(spec);
    // Stored before the labels changed: the row still holds the old words.
    await t.connection.db
      .update(settings)
      .set({ value: older })
      .where(eq(settings.key, 'document_requirements'));
    const [stored] = await t.connection.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'document_requirements'));
    expect(stored!.value).toEqual(older);
    const newcomer = (
      await t.connection.db
        .insert(drivers)
        .values({ firstName: 'Lena', lastName: 'Labels' })
        .returning()
    )[0]!;
    const documents = (await send('GET', `/api/drivers/${newcomer.id}/documents`, admin)).json();
    expect(documents.requirements).toEqual(spec);
    expect(
      documents.compliance.problems.map((problem: { message: string }) => problem.message),
    ).toEqual([
      "Driver's licence is missing",
      'PTD authorization is missing',
      'National police clearance is missing',
    ]);
    // The documents already on file still match their types by key.
    const held = (await send('GET', `/api/drivers/${ids.driver}/documents`, admin)).json();
    expect(
      held.documents
        .filter((doc: { type: string }) => doc.type === 'police-certificate')
        .map((doc: { typeLabel: string }) => doc.typeLabel),
    ).toEqual(['National police clearance']);
  });
});
