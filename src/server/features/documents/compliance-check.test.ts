import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings/api';
import { dispatchFlag } from '../../../domain/bookings/dispatch-flag';
import { addDays } from '../../../domain/documents';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { formatDate } from '../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings';
import type { Database } from '../../db/database';
import {
  bookingEvents,
  bookings,
  complianceSuspensions,
  driverShifts,
  drivers,
  fleetDocuments,
  mailOutbox,
  vehicles,
} from '../../db/schema';
import { listen, openStream, type Stream } from '../../test/event-stream';
import {
  connectSameDatabase,
  createTestApp,
  createTestConnection,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { driversOwnReminderText, vehicleReminderText } from './reminder-texts';

// Issue 11: the compliance check at start, its reminders, and its safety across instances.

const DAY_MS = 86_400_000;
/** A date relative to the business's today (its zone, as the check reads it). */
const isoDay = (offsetDays: number) =>
  addDays(dayInZone(new Date(), DEFAULT_TIME_ZONE), offsetDays);
const DRIVER_TYPES = ['licence', 'ptd', 'police-certificate'];
const VEHICLE_TYPES = ['registration', 'ptv', 'insurance'];

/**
 * A driver in a vehicle, both with verified papers good for a year unless
 * told otherwise. The driver has worked a shift, as a driver on the road has
 * (a rejection suspends only a driver who has driven, decision 93).
 */
async function addDriverWithPapers(
  db: Database,
  name: { first: string; last: string; plate: string },
  expiry: Partial<Record<string, string>> = {},
) {
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: name.plate,
      seats: 4,
    })
    .returning({ id: vehicles.id });
  const [driver] = await db
    .insert(drivers)
    .values({
      firstName: name.first,
      lastName: name.last,
      email: `${name.first.toLowerCase()}@example.test`,
      vehicleId: vehicle!.id,
    })
    .returning({ id: drivers.id });
  await db.insert(driverShifts).values({
    driverId: driver!.id,
    vehicleId: vehicle!.id,
    startedAt: new Date(Date.now() - 2 * DAY_MS),
    endedAt: new Date(Date.now() - 2 * DAY_MS + 8 * 3_600_000),
  });
  const paper = (type: string) => ({
    type,
    number: `N-${type}`,
    expiresOn: expiry[type] ?? isoDay(365),
    fileKey: crypto.randomUUID(),
    fileName: `${type}.pdf`,
    contentType: 'application/pdf',
    size: 10,
    verifiedAt: new Date(),
  });
  await db
    .insert(fleetDocuments)
    .values([
      ...DRIVER_TYPES.map((type) => ({ ...paper(type), driverId: driver!.id })),
      ...VEHICLE_TYPES.map((type) => ({ ...paper(type), vehicleId: vehicle!.id })),
    ]);
  return { driverId: driver!.id, vehicleId: vehicle!.id };
}

/** Jobs assigned to the driver in their vehicle, a day apart from tomorrow on. */
function assignJobs(
  db: Database,
  owner: { driverId: string; vehicleId: string },
  references: string[],
) {
  return db
    .insert(bookings)
    .values(
      references.map((reference, index) => ({
        reference,
        pickupTime: new Date(Date.now() + (index + 1) * DAY_MS),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Fremantle',
        status: 'assigned',
        ...owner,
      })),
    )
    .returning({ id: bookings.id });
}

function check(t: TestApp, admin: TestUser) {
  return t.app.inject({
    method: 'POST',
    url: '/api/compliance/check',
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
  });
}

describe('the check at start', () => {
  it('runs on a restart within the hour, though the hourly period is not over', async () => {
    const connection = await createTestConnection();
    const first = await createTestApp({}, { connection, documentRules: 'enforced' });
    // Closing waits for the check at start to finish: the hourly period is claimed.
    await first.app.close();
    const { driverId } = await addDriverWithPapers(
      connection.db,
      { first: 'Rita', last: 'Restart', plate: '1RST001' },
      { licence: isoDay(-1) },
    );
    const second = await createTestApp({}, { connection, documentRules: 'enforced' });
    await second.app.close();
    const [driver] = await connection.db
      .select({ status: drivers.status })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    expect(driver!.status).toBe('suspended');
    await second.close();
  });
});

describe('reminders', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { documentRules: 'enforced' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  it("a vehicle's reminder also goes to the driver who drives it now", async () => {
    await addDriverWithPapers(
      t.connection.db,
      { first: 'Vera', last: 'Vehicle', plate: '1REM001' },
      { insurance: isoDay(6) },
    );
    const response = await check(t, admin);
    expect(response.statusCode, response.body).toBe(200);
    const mails = await t.connection.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox);
    expect(mails).toContainEqual({
      to: 'vera@example.test',
      subject:
        'Your vehicle 1REM001: Comprehensive insurance with rideshare coverage expires in 6 days',
    });
    expect(mails).toContainEqual({
      to: admin.email,
      subject: 'Vehicle 1REM001: Comprehensive insurance with rideshare coverage expires in 6 days',
    });
  });

  it("writes the expiry date in the mails as every screen does ('MMM d, yyyy', decision 46)", async () => {
    const mails = await t.connection.db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, ['vera@example.test', admin.email]));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(`expires on ${formatDate(isoDay(6))}`);
      expect(mail.text).not.toContain(isoDay(6));
    }
  });
});

describe("a reminder's words", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { documentRules: 'enforced' });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  const adminMail = async (subject: string) => {
    const [mail] = await t.connection.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, admin.email), eq(mailOutbox.subject, subject)));
    // The words, without the business's signature under them.
    return mail?.text.split('\n\n')[0];
  };
  /** The words of the one reminder mailed to a driver (of that subject). */
  const ownMail = async (to: string, subject?: string) => {
    const mails = await t.connection.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), subject ? eq(mailOutbox.subject, subject) : undefined));
    expect(mails).toHaveLength(1);
    return mails[0]!.text.split('\n\n')[0];
  };

  it("a vehicle's paper names the drivers its expiry would suspend; a driver's own reads as before", async () => {
    await addDriverWithPapers(
      t.connection.db,
      { first: 'Wendy', last: 'Wheels', plate: '1YPT881' },
      { registration: isoDay(6) },
    );
    await addDriverWithPapers(
      t.connection.db,
      { first: 'Owen', last: 'Own', plate: '1REM002' },
      { licence: isoDay(6) },
    );
    const response = await check(t, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(await adminMail('Vehicle 1YPT881: Registration expires in 6 days')).toBe(
      `The Registration of vehicle 1YPT881 expires on ${formatDate(isoDay(6))} (in 6 days). Upload the renewed document and verify it before then, or its driver, Wendy Wheels, will be suspended.`,
    );
    expect(await adminMail("Owen Own: Driver's licence expires in 6 days")).toBe(
      `Owen Own's Driver's licence expires on ${formatDate(isoDay(6))} (in 6 days). Upload the renewed document and verify it before then, or they will be suspended.`,
    );
    // Owen has no account: the driver app is not where he can send it.
    expect(await ownMail('owen@example.test')).toBe(
      `Your Driver's licence expires on ${formatDate(isoDay(6))}: send the renewed one to the office so you can keep working.`,
    );
  });

  it('does not threaten a suspended driver with a suspension, tells one with an account to use the app, and tells a driver who left nothing', async () => {
    // Sue's licence has expired (the pass suspends her); her PTD expires in 6 days.
    const sue = await addDriverWithPapers(
      t.connection.db,
      { first: 'Sue', last: 'Spended', plate: '1REM003' },
      { licence: isoDay(-3), ptd: isoDay(6) },
    );
    const account = await t.createUser({ role: 'driver' });
    await t.connection.db
      .update(drivers)
      .set({ userId: account.id })
      .where(eq(drivers.id, sue.driverId));
    const lea = await addDriverWithPapers(
      t.connection.db,
      { first: 'Lea', last: 'Left', plate: '1REM004' },
      { ptd: isoDay(6) },
    );
    await t.connection.db
      .update(drivers)
      .set({ deactivatedAt: new Date() })
      .where(eq(drivers.id, lea.driverId));

    const response = await check(t, admin);
    expect(response.statusCode, response.body).toBe(200);

    expect(await adminMail('Sue Spended: PTD authorization expires in 6 days')).toBe(
      `Sue Spended's PTD authorization expires on ${formatDate(isoDay(6))} (in 6 days). Sue Spended is suspended already; upload the renewed document and verify it before then, or it will keep them suspended once the rest is in order.`,
    );
    expect(await ownMail('sue@example.test', 'Your PTD authorization expires in 6 days')).toBe(
      `Your PTD authorization expires on ${formatDate(isoDay(6))}. You are suspended now: upload the renewed one in the driver app (Documents) before then too, or it will keep you off the road once the rest is in order.`,
    );
    const toLea = await t.connection.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'lea@example.test'));
    expect(toLea).toEqual([]);
    expect(await adminMail('Lea Left: PTD authorization expires in 6 days')).toBeUndefined();
  });

  it('says to a driver with an account to upload in the app, and to one without to send it to the office', () => {
    const reminder = { label: 'PTD authorization', expiresOn: 'Mar 12, 2027', isSuspended: false };
    expect(driversOwnReminderText({ ...reminder, hasAccount: true })).toBe(
      'Your PTD authorization expires on Mar 12, 2027: upload the renewed one in the driver app (Documents) so you can keep working.',
    );
    expect(driversOwnReminderText({ ...reminder, hasAccount: false })).toBe(
      'Your PTD authorization expires on Mar 12, 2027: send the renewed one to the office so you can keep working.',
    );
  });

  it('names every driver of the vehicle, or says that none drives it', () => {
    const reminder = {
      registration: '1YPT881',
      label: 'PTV authorization',
      expiresOn: 'Mar 12, 2027',
      when: 'in 30 days',
    };
    expect(vehicleReminderText({ ...reminder, drivers: ['Ann Able', 'Ben Bay'] })).toBe(
      'The PTV authorization of vehicle 1YPT881 expires on Mar 12, 2027 (in 30 days). Upload the renewed document and verify it before then, or its drivers (Ann Able, Ben Bay) will be suspended.',
    );
    expect(vehicleReminderText({ ...reminder, drivers: [] })).toBe(
      'The PTV authorization of vehicle 1YPT881 expires on Mar 12, 2027 (in 30 days). Upload the renewed document and verify it before then: without it no driver can work in this vehicle. No driver has it as their vehicle now.',
    );
  });
});

describe('a suspension', () => {
  let t: TestApp;
  let stream: Stream | undefined;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({}, { documentRules: 'enforced' });
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    stream?.close();
    await t.close();
  });

  it("tells the driver's phone live that the system, not a person, handed their jobs back, and why", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const driverUser = await t.createUser({ role: 'driver' });
    const { driverId, vehicleId } = await addDriverWithPapers(
      t.connection.db,
      { first: 'Sid', last: 'System', plate: '1SYS001' },
      { licence: isoDay(-1) },
    );
    await t.connection.db
      .update(drivers)
      .set({ userId: driverUser.id })
      .where(eq(drivers.id, driverId));
    const jobs = await assignJobs(t.connection.db, { driverId, vehicleId }, ['SYS-1', 'SYS-2']);
    const phone = await openStream(baseUrl, driverUser.cookie);
    try {
      expect((await check(t, admin)).json().suspended).toBe(1);
      for (const job of jobs) {
        const event = await phone.waitFor(
          (each) => each.type === 'booking.updated' && each.booking.id === job.id,
        );
        expect(event).toMatchObject({
          actor: 'system',
          booking: {
            status: 'pending',
            returnedReason: `Expired: Driver's licence expired on ${formatDate(isoDay(-1))}`,
          },
        });
      }
    } finally {
      phone.close();
    }
  });

  it('tells dispatch live that each job is returned, flagged with the reason', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const dispatcher = await t.createUser({ role: 'dispatcher' });
    const { driverId, vehicleId } = await addDriverWithPapers(
      t.connection.db,
      { first: 'Lena', last: 'Live', plate: '1LIV001' },
      { ptd: isoDay(-1) },
    );
    const [job] = await assignJobs(t.connection.db, { driverId, vehicleId }, ['LIVE-1']);
    stream = await openStream(baseUrl, dispatcher.cookie);
    expect((await check(t, admin)).json().suspended).toBe(1);
    const event = await stream.waitFor(
      (each) => each.type === 'booking.updated' && each.booking.id === job!.id,
    );
    expect(event).toMatchObject({
      booking: {
        status: 'pending',
        driver: null,
        returnedReason: `Expired: PTD authorization expired on ${formatDate(isoDay(-1))}`,
      },
    });
    expect(dispatchFlag((event as { booking: Booking }).booking)).toBe('returned');
    await stream.waitFor(
      (each) =>
        each.type === 'driver.updated' &&
        each.driver.id === driverId &&
        each.driver.status === 'suspended',
    );
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'two app instances on one PostgreSQL database (skipped without DATABASE_URL: PGlite is one process)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let admin: TestUser;
    beforeAll(async () => {
      a = await createTestApp({}, { documentRules: 'enforced' });
      b = await createTestApp(
        {},
        { connection: await connectSameDatabase(a.connection), documentRules: 'enforced' },
      );
      admin = await a.createUser({ role: 'admin' });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('checking on both at once suspends once, returns each job once and mails the admin once', async () => {
      const { db } = a.connection;
      const { driverId, vehicleId } = await addDriverWithPapers(db, {
        first: 'Twin',
        last: 'Instances',
        plate: '1TWO001',
      });
      const jobs = await assignJobs(db, { driverId, vehicleId }, ['TWO-1', 'TWO-2', 'TWO-3']);
      // The licence expired yesterday: whichever check sees it first suspends.
      await db
        .update(fleetDocuments)
        .set({ expiresOn: isoDay(-1) })
        .where(and(eq(fleetDocuments.driverId, driverId), eq(fleetDocuments.type, 'licence')));

      const answers = await Promise.all([check(a, admin), check(b, admin), check(a, admin)]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.reduce((sum, answer) => sum + answer.json().suspended, 0)).toBe(1);

      const suspensions = await db
        .select()
        .from(complianceSuspensions)
        .where(eq(complianceSuspensions.driverId, driverId));
      expect(suspensions).toHaveLength(1);
      expect(suspensions[0]!.liftedAt).toBeNull();
      const returned = await db
        .select({ bookingId: bookingEvents.bookingId })
        .from(bookingEvents)
        .where(
          and(
            inArray(
              bookingEvents.bookingId,
              jobs.map((job) => job.id),
            ),
            eq(bookingEvents.type, 'returned-to-dispatch'),
          ),
        );
      expect(returned.map((event) => event.bookingId).sort()).toEqual(
        jobs.map((job) => job.id).sort(),
      );
      const stillAssigned = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.driverId, driverId), isNull(bookings.journeyStartedAt)));
      expect(stillAssigned).toHaveLength(0);
      const adminMails = await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, admin.email),
            eq(mailOutbox.subject, 'Twin Instances is suspended: documents expired'),
          ),
        );
      expect(adminMails).toHaveLength(1);
    });
  },
);
