import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { addDays } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import { businessDocumentVersions, documentReminders, mailOutbox, users } from '../../db/schema';
import { multipartForm } from '../../test/multipart';
import {
  connectSameDatabase,
  createTestApp,
  createTestConnection,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { runComplianceCheck } from './compliance-check';

// The business's own documents (the Document Manager's) remind the admins by
// mail before they expire, and once when they have, through the compliance
// pass's reminders: each once per threshold and version.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** A date relative to the business's today (its zone, as the pass reads it). */
const isoDay = (offsetDays: number) =>
  addDays(dayInZone(new Date(), DEFAULT_TIME_ZONE), offsetDays);

type Form = { payload: Buffer; headers: Record<string, string> };

function send(t: TestApp, user: TestUser, method: 'POST' | 'PUT', url: string, body: object) {
  const form = 'payload' in body ? (body as Form) : null;
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, ...form?.headers },
    payload: form ? form.payload : body,
  });
}

/** Uploads a business document through the Document Manager's route; its id. */
async function upload(t: TestApp, admin: TestUser, name: string, expiresOn: string) {
  const response = await send(
    t,
    admin,
    'POST',
    '/api/documents',
    multipartForm({ name, category: 'Legal', expiresOn }, { name: 'scan.pdf', bytes: PDF }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().document.id as string;
}

/** Renew: a new version with a new expiry. */
async function renew(t: TestApp, admin: TestUser, id: string, expiresOn: string) {
  const response = await send(
    t,
    admin,
    'POST',
    `/api/documents/${id}/versions`,
    multipartForm({ expiresOn }, { name: 'renewed.pdf', bytes: PDF }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** The compliance pass as the hourly timer runs it, at noon of `day` in the business's zone. */
function passOn(t: TestApp, day: string) {
  const { db, mailer, notifyAdmins, log, liveEvents } = t.app;
  return runComplianceCheck(
    { db, mailer, notifyAdmins, log, bus: liveEvents },
    new Date(`${day}T04:00:00Z`),
  );
}

/** The pass on demand (Run check), today. */
function check(t: TestApp, admin: TestUser) {
  return t.app.inject({
    method: 'POST',
    url: '/api/compliance/check',
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
  });
}

/** The subjects mailed to `to` about the business document `name`, oldest first. */
async function subjectsAbout(t: TestApp, name: string, to?: string) {
  const rows = await t.connection.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(mailOutbox.createdAt);
  return rows
    .filter((row) => row.subject.startsWith(`Business document: ${name} `))
    .map((row) => (to ? row.subject : `${row.to}: ${row.subject}`));
}

describe("a business document's reminders", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it('mails the admins 30, 14, 7 and 1 days ahead and once expired, each once however often the pass runs', async () => {
    const expiresOn = isoDay(40);
    const id = await upload(t, admin, 'Public liability insurance', expiresOn);
    // The day before, of and after each threshold, twice a day.
    for (const offset of [-31, -30, -29, -15, -14, -13, -8, -7, -6, -2, -1, 0, 1, 2, 5]) {
      await passOn(t, addDays(expiresOn, offset));
      await passOn(t, addDays(expiresOn, offset));
    }
    await passOn(t, addDays(expiresOn, 60));

    expect(await subjectsAbout(t, 'Public liability insurance', admin.email)).toEqual([
      'Business document: Public liability insurance expires in 30 days',
      'Business document: Public liability insurance expires in 14 days',
      'Business document: Public liability insurance expires in 7 days',
      'Business document: Public liability insurance expires in 1 day',
      'Business document: Public liability insurance has expired',
    ]);
    const [version] = await t.connection.db
      .select({ id: businessDocumentVersions.id })
      .from(businessDocumentVersions)
      .where(eq(businessDocumentVersions.documentId, id));
    const claimed = await t.connection.db
      .select({ threshold: documentReminders.thresholdDays })
      .from(documentReminders)
      .where(eq(documentReminders.documentId, version!.id));
    expect(claimed.map((row) => row.threshold).sort((a, b) => b - a)).toEqual([30, 14, 7, 1, -1]);
  });

  it('says when it expires and where it is renewed, and that the expired one is the last', async () => {
    const mails = await t.connection.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, admin.email),
          inArray(mailOutbox.subject, [
            'Business document: Public liability insurance expires in 14 days',
            'Business document: Public liability insurance has expired',
          ]),
        ),
      )
      .orderBy(mailOutbox.createdAt);
    const expiresOn = formatDate(isoDay(40));
    // The words, without the business's signature under them.
    expect(mails.map((mail) => mail.text.split('\n\n')[0])).toEqual([
      `Public liability insurance (Legal) expires on ${expiresOn} (in 14 days). Upload the renewed document with Renew in the Document Manager before then.`,
      `Public liability insurance (Legal) expired on ${expiresOn}. Upload the renewed document with Renew in the Document Manager. This is the last reminder: the dashboard's Alerts list it until it is renewed.`,
    ]);
  });

  it('a document first seen inside a window gets that reminder only, then the next', async () => {
    const expiresOn = isoDay(50);
    await upload(t, admin, 'Operator accreditation', expiresOn);
    await passOn(t, addDays(expiresOn, -10));
    await passOn(t, addDays(expiresOn, -3));
    expect(await subjectsAbout(t, 'Operator accreditation', admin.email)).toEqual([
      'Business document: Operator accreditation expires in 10 days',
      'Business document: Operator accreditation expires in 3 days',
    ]);
  });

  it('sends nothing for an archived document, and resumes once it is restored', async () => {
    const expiresOn = isoDay(60);
    const id = await upload(t, admin, 'Old workers compensation policy', expiresOn);
    const archived = await send(t, admin, 'POST', '/api/documents/archive', { ids: [id] });
    expect(archived.statusCode, archived.body).toBe(200);
    for (const offset of [-30, -14, -7, -1, 1]) await passOn(t, addDays(expiresOn, offset));
    expect(await subjectsAbout(t, 'Old workers compensation policy')).toEqual([]);

    const restored = await send(t, admin, 'POST', '/api/documents/restore', { ids: [id] });
    expect(restored.statusCode, restored.body).toBe(200);
    await passOn(t, addDays(expiresOn, 2));
    expect(await subjectsAbout(t, 'Old workers compensation policy', admin.email)).toEqual([
      'Business document: Old workers compensation policy has expired',
    ]);
  });

  it('starts over when the document is renewed, even into the same window', async () => {
    const id = await upload(t, admin, 'Public health licence', isoDay(5));
    expect((await check(t, admin)).statusCode).toBe(200);
    expect((await check(t, admin)).json().reminders).toBe(0);
    // Renewed, but only for a few days more: the new version's 7-day reminder is due too.
    await renew(t, admin, id, isoDay(6));
    expect((await check(t, admin)).json().reminders).toBe(1);
    await renew(t, admin, id, isoDay(400));
    expect((await check(t, admin)).json().reminders).toBe(0);
    expect(await subjectsAbout(t, 'Public health licence', admin.email)).toEqual([
      'Business document: Public health licence expires in 5 days',
      'Business document: Public health licence expires in 6 days',
    ]);
  });
});

describe("who receives a business document's reminders", () => {
  let t: TestApp;
  let admin: TestUser;
  let disabledAdmin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    disabledAdmin = await t.createUser({ role: 'admin' });
    await t.createUser({ role: 'dispatcher', email: 'dispatch@example.test' });
    await t.connection.db
      .update(users)
      .set({ disabled: true })
      .where(eq(users.id, disabledAdmin.id));
  });
  afterAll(() => t.close());

  const notifications = (recipients: string[], documentExpiring = true) =>
    send(t, admin, 'PUT', '/api/settings/notifications', {
      newOnlineBooking: true,
      documentExpiring,
      driverSuspended: true,
      recipients,
    });

  it('go to every enabled admin when Settings → Notifications lists no recipient', async () => {
    await upload(t, admin, 'Fleet insurance', isoDay(20));
    await check(t, admin);
    expect(await subjectsAbout(t, 'Fleet insurance')).toEqual([
      `${admin.email}: Business document: Fleet insurance expires in 20 days`,
    ]);
  });

  it('go to the listed recipients only, as the drivers’ reminders do', async () => {
    expect((await notifications(['owner@example.test', 'ops@example.test'])).statusCode).toBe(200);
    await upload(t, admin, 'Business licence', isoDay(13));
    await check(t, admin);
    expect((await subjectsAbout(t, 'Business licence')).sort()).toEqual([
      'ops@example.test: Business document: Business licence expires in 13 days',
      'owner@example.test: Business document: Business licence expires in 13 days',
    ]);
  });

  it('go to no one while "Document expiring" is switched off', async () => {
    expect((await notifications([], false)).statusCode).toBe(200);
    await upload(t, admin, 'Lease agreement', isoDay(2));
    await check(t, admin);
    expect(await subjectsAbout(t, 'Lease agreement')).toEqual([]);
  });
});

describe('a restart', () => {
  it('does not send a business document’s reminder again, and sends one newly due', async () => {
    const connection = await createTestConnection();
    const first = await createTestApp({}, { connection });
    const admin = await first.createUser({ role: 'admin' });
    await upload(first, admin, 'Public liability insurance', isoDay(5));
    expect((await check(first, admin)).json().reminders).toBe(1);
    await first.app.close();

    const second = await createTestApp({}, { connection });
    const secondAdmin = { ...admin, cookie: await second.signIn(admin.email, admin.password) };
    await upload(second, secondAdmin, 'Fire safety certificate', isoDay(12));
    // Closing waits for the pass at start; the one after it finds both taken.
    await second.app.close();
    const third = await createTestApp({}, { connection });
    await third.app.close();

    expect(await subjectsAbout(second, 'Public liability insurance', admin.email)).toEqual([
      'Business document: Public liability insurance expires in 5 days',
    ]);
    expect(await subjectsAbout(second, 'Fire safety certificate', admin.email)).toEqual([
      'Business document: Fire safety certificate expires in 12 days',
    ]);
    await third.close();
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'two app instances on one PostgreSQL database (skipped without DATABASE_URL: PGlite is one process)',
  () => {
    it('passes on both at once mail a business document’s reminder once', async () => {
      const a = await createTestApp();
      const b = await createTestApp({}, { connection: await connectSameDatabase(a.connection) });
      const admin = await a.createUser({ role: 'admin' });
      await upload(a, admin, 'Public liability insurance', isoDay(7));
      const answers = await Promise.all([check(a, admin), check(b, admin), check(a, admin)]);
      expect(answers.reduce((sum, answer) => sum + answer.json().reminders, 0)).toBe(1);
      expect(await subjectsAbout(a, 'Public liability insurance', admin.email)).toEqual([
        'Business document: Public liability insurance expires in 7 days',
      ]);
      await b.close();
      await a.close();
    });
  },
);
