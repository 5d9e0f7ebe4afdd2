import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../database';
import {
  accounts,
  bookingEvents,
  bookingRatings,
  bookings,
  businessDocumentVersions,
  businessDocuments,
  complianceSuspensions,
  customers,
  driverShifts,
  settings,
  drivers,
  fleetDocuments,
  userProfiles,
  users,
  vehicles,
} from '../schema';
import { createRandom } from './random';
import { createIdentityRegistry } from './identity';
import { generateCustomers } from './generate-customers';
import { generateDocuments, type StoreFile } from './generate-documents';
import { generateFleet } from './generate-fleet';
import { generateBookings, type DemoUserIds } from './generate-bookings';
import { generateRatings } from './generate-ratings';
import { refreshCustomerTotals } from '../../features/customers/customers-repository';
import { SETTING_KEYS } from '../../features/settings/settings-repository';
import { DEFAULT_BUSINESS, type BusinessSettings } from '../../../domain/settings';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_USERS = [
  { email: 'admin@demo.test', name: 'Sarah Mitchell', role: 'admin' },
  { email: 'dispatcher@demo.test', name: 'Daniel Nguyen', role: 'dispatcher' },
  { email: 'driver@demo.test', name: 'Jack Thompson', role: 'driver' },
] as const;

export type DemoRole = (typeof DEMO_USERS)[number]['role'];

/** The demo business's details: a real business starts with no phone (decision 230). */
export const DEMO_BUSINESS: BusinessSettings = { ...DEFAULT_BUSINESS, phone: '+61 8 9000 0000' };

/** How long the seeded on-shift drivers have been on shift when the demo starts. */
const SEEDED_SHIFT_AGE_MS = 3 * 60 * 60 * 1000;
/** Drivers off the road now worked an eight-hour shift a week ago. */
const PAST_SHIFT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const PAST_SHIFT_LENGTH_MS = 8 * 60 * 60 * 1000;
/**
 * Sign-in accounts for more of the demo's on-shift drivers (same password),
 * for the demo simulation to drive, so that several cars move on the
 * dispatch board and driver@demo.test is left to the person trying the app.
 */
export const SIMULATED_DRIVER_EMAILS = [
  'driver2@demo.test',
  'driver3@demo.test',
  'driver4@demo.test',
  'driver5@demo.test',
] as const;

/** Creates a sign-in account (the caller hashes through the auth library) and returns its user id. */
export type CreateUser = (input: {
  email: string;
  password: string;
  name: string;
}) => Promise<string>;

export type SeedDemoDataOptions = {
  /** Everything is placed relative to this instant: history before it, live jobs around it. */
  now: Date;
  createUser: CreateUser;
  seed?: number;
  bookingCount?: number;
  customerCount?: number;
  /** Stores a demo document's file; without it no documents are seeded. */
  storeFile?: StoreFile;
};

export type SeedSummary = {
  users: number;
  customers: number;
  vehicles: number;
  drivers: number;
  bookings: number;
  events: number;
  userIds: DemoUserIds;
  /** The drivers row linked to driver@demo.test. */
  linkedDriverId: string;
  /** The drivers rows linked to SIMULATED_DRIVER_EMAILS, in that order. */
  simulatedDriverIds: string[];
};

export const DEFAULT_SEED = 20261121;
export const DEFAULT_BOOKING_COUNT = 3000;
export const DEFAULT_CUSTOMER_COUNT = 200;

// Rows per INSERT statement.
const BATCH_SIZE = 500;

/**
 * Fills an empty database with a Perth chauffeur business in full swing:
 * customers, a fleet, drivers on shift, two months of history and three weeks
 * of bookings ahead. The same seed and `now` always give the same rows.
 */
export async function seedDemoData(
  db: Database,
  options: SeedDemoDataOptions,
): Promise<SeedSummary> {
  const userIds = await createDemoUsers(options.createUser);
  const data = generateDemoData({ ...options, userIds });
  const documents = options.storeFile
    ? await generateDocuments(data.documentRandom, {
        nowMs: options.now.getTime(),
        drivers: data.fleet.drivers,
        vehicles: data.fleet.vehicles,
        adminId: userIds.admin,
        storeFile: options.storeFile,
      })
    : null;
  // Linked after everything is generated, so the demo data stay as they were.
  const simulated = await linkSimulatedDrivers(data.fleet.drivers, options.createUser);
  const driverRows = data.drivers.map((row) => {
    const account = simulated.find((link) => link.driverId === row.id);
    return account ? { ...row, userId: account.userId, email: account.email } : row;
  });

  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values([
        ...DEMO_USERS.map((user) => ({ userId: userIds[user.role], role: user.role })),
        ...simulated.map((link) => ({ userId: link.userId, role: 'driver' })),
      ])
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { role: sql`excluded.role`, updatedAt: options.now },
      });
    // The demo's accounts have the password the README gives: chosen, as an
    // accepted invitation's is, so the roster reads them Linked, not Invited
    // (features/drivers/driver-account.ts).
    await tx
      .update(accounts)
      .set({ updatedAt: sql`${accounts.createdAt} + interval '1 second'` })
      .where(
        and(
          eq(accounts.providerId, 'credential'),
          inArray(accounts.userId, [
            ...DEMO_USERS.map((user) => userIds[user.role]),
            ...simulated.map((link) => link.userId),
          ]),
        ),
      );
    await insertInBatches(tx, customers, data.customers);
    await insertInBatches(tx, vehicles, data.vehicles);
    await insertInBatches(tx, drivers, driverRows);
    // A driver on the road is on a shift: the phone, the map and the roster
    // all read it from there. Each began at most a working day ago. Every
    // other demo driver has trips behind them, so a shift last week: the
    // compliance rule suspends only drivers who have driven (decision 93).
    const nowMs = options.now.getTime();
    const shifts = driverRows.flatMap((row) => {
      if (!row.id) return [];
      if (row.status === 'active') {
        return [
          {
            driverId: row.id,
            vehicleId: row.vehicleId,
            startedAt: new Date(nowMs - SEEDED_SHIFT_AGE_MS),
          },
        ];
      }
      return [
        {
          driverId: row.id,
          vehicleId: row.vehicleId,
          startedAt: new Date(nowMs - PAST_SHIFT_AGE_MS),
          endedAt: new Date(nowMs - PAST_SHIFT_AGE_MS + PAST_SHIFT_LENGTH_MS),
        },
      ];
    });
    if (shifts.length > 0) await tx.insert(driverShifts).values(shifts);
    await insertInBatches(tx, bookings, data.bookings);
    await insertInBatches(tx, bookingEvents, data.events);
    await insertInBatches(tx, bookingRatings, data.ratings);
    // A driver's rating is the average of the ratings given (none: no rating yet).
    await tx.execute(sql`update drivers set rating = (
      select round(avg(r.rating), 1) from booking_ratings r where r.driver_id = drivers.id)`);
    await refreshCustomerTotals(tx, 'all');
    await tx
      .insert(settings)
      .values({ key: SETTING_KEYS.business, value: DEMO_BUSINESS })
      .onConflictDoNothing();
    if (documents) {
      await insertInBatches(tx, fleetDocuments, documents.fleetDocuments);
      await tx.insert(businessDocuments).values(documents.businessDocuments);
      await tx.insert(businessDocumentVersions).values(documents.businessDocumentVersions);
      if (documents.suspensions.length > 0) {
        await tx.insert(complianceSuspensions).values(documents.suspensions);
      }
    }
  });

  return {
    users: DEMO_USERS.length + simulated.length,
    customers: data.customers.length,
    vehicles: data.vehicles.length,
    drivers: data.drivers.length,
    bookings: data.bookings.length,
    events: data.events.length,
    userIds,
    linkedDriverId: data.linkedDriverId,
    simulatedDriverIds: simulated.map((link) => link.driverId),
  };
}

/**
 * Gives the first on-shift drivers after driver@demo.test's a sign-in account
 * each (SIMULATED_DRIVER_EMAILS), under their own names.
 */
async function linkSimulatedDrivers(
  fleet: readonly { id: string; name: string; status: string; userId: string | null }[],
  createUser: CreateUser,
): Promise<{ driverId: string; userId: string; email: string }[]> {
  const onShift = fleet.filter((driver) => driver.status === 'active' && driver.userId === null);
  if (onShift.length < SIMULATED_DRIVER_EMAILS.length) {
    throw new Error('The fleet has too few drivers on shift for the demo simulation');
  }
  const links = [];
  // One at a time: the auth library's hashing is deliberately expensive.
  for (const [index, email] of SIMULATED_DRIVER_EMAILS.entries()) {
    const driver = onShift[index]!;
    const userId = await createUser({ email, password: DEMO_PASSWORD, name: driver.name });
    links.push({ driverId: driver.id, userId, email });
  }
  return links;
}

/** True when there are neither users nor customers: a database nobody has used yet. */
/** The demo accounts this database has (seeded now or before), in DEMO_USERS' order. */
export async function existingDemoUsers(db: Database): Promise<(typeof DEMO_USERS)[number][]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((user) => user.email),
      ),
    );
  const emails = new Set(rows.map((row) => row.email));
  return DEMO_USERS.filter((user) => emails.has(user.email));
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const [anyCustomer] = await db.select({ id: customers.id }).from(customers).limit(1);
  return !anyCustomer;
}

async function createDemoUsers(createUser: CreateUser): Promise<DemoUserIds> {
  const ids: Partial<Record<DemoRole, string>> = {};
  // One at a time: the auth library's hashing is deliberately expensive.
  for (const user of DEMO_USERS) {
    ids[user.role] = await createUser({
      email: user.email,
      password: DEMO_PASSWORD,
      name: user.name,
    });
  }
  const { admin, dispatcher, driver } = ids;
  if (!admin || !dispatcher || !driver)
    throw new Error('createUser returned no id for a demo user');
  return { admin, dispatcher, driver };
}

/** Every row, computed in memory before anything is written. */
function generateDemoData(options: SeedDemoDataOptions & { userIds: DemoUserIds }) {
  const nowMs = options.now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date');
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  // One stream per part, so e.g. more bookings leave the customers as they were.
  const customerRandom = random.fork();
  const fleetRandom = random.fork();
  const bookingRandom = random.fork();
  const ratingRandom = random.fork();
  const documentRandom = random.fork();
  const registry = createIdentityRegistry();

  const driverUser = DEMO_USERS[2];
  const [firstName = driverUser.name, ...rest] = driverUser.name.split(' ');
  const fleet = generateFleet(fleetRandom, {
    nowMs,
    registry,
    linkedUser: {
      userId: options.userIds.driver,
      email: driverUser.email,
      firstName,
      lastName: rest.join(' '),
    },
  });
  const customerList = generateCustomers(customerRandom, {
    count: options.customerCount ?? DEFAULT_CUSTOMER_COUNT,
    nowMs,
    registry,
  });
  const generated = generateBookings(bookingRandom, {
    count: options.bookingCount ?? DEFAULT_BOOKING_COUNT,
    nowMs,
    customers: customerList,
    drivers: fleet.drivers,
    userIds: options.userIds,
    registry,
  });

  const linkedDriver = fleet.drivers.find((driver) => driver.userId === options.userIds.driver);
  if (!linkedDriver) throw new Error('The fleet has no driver linked to the demo driver user');

  return {
    customers: customerList.map((customer) => customer.row),
    vehicles: fleet.vehicles.map((vehicle) => vehicle.row),
    // Positions are final only once the live jobs have moved drivers about.
    drivers: fleet.drivers.map((driver) => ({
      ...driver.row,
      latitude: driver.position?.lat ?? null,
      longitude: driver.position?.lng ?? null,
      locationUpdatedAt:
        driver.locationUpdatedAtMs === null ? null : new Date(driver.locationUpdatedAtMs),
    })),
    bookings: generated.bookings,
    events: generated.events,
    ratings: generateRatings(ratingRandom, {
      bookings: generated.bookings,
      drivers: fleet.drivers,
      ratedBy: options.userIds.dispatcher,
    }),
    linkedDriverId: linkedDriver.id,
    fleet,
    documentRandom,
  };
}

/**
 * Inserts each batch as one JSON parameter expanded by jsonb_to_recordset.
 * Binding every value separately (Drizzle's insert().values()) made PGlite
 * spend about 3.5 s on the seed against about 1.3 s this way. It bypasses
 * Drizzle's per-column value mapping, which these tables (text, numbers,
 * numeric strings, timestamps, jsonb) do not need; a custom column type would.
 */
async function insertInBatches<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  // Columns the rows leave out (serial ids) keep their defaults.
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const record = sql.join(
    columns.map(
      ([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows
      .slice(start, start + BATCH_SIZE)
      .map((row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]]),
        ),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${record})`,
    );
  }
}
