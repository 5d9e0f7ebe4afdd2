import { and, asc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  driverRecordStatus,
  type DriverCreateValues,
  type DriverRecordUpdate,
  type DriverRosterQuery,
  type DriverStatus,
  type RosterDriver,
} from '../../../domain/drivers';
import type { TimeWindow } from '../../../domain/drivers/history';
import { plateKey } from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import {
  bookingRatings,
  bookings,
  driverVehicles,
  drivers,
  users,
  vehicles,
} from '../../db/schema';
import { Conflict, NotFound, invalidField } from '../../lib/errors';
import { assertUnchangedSince } from '../../lib/expected-version';
import { changedSinceOpenedRefusal } from '../../../domain/api/changed-since-words';
import { assessDrivers, complianceContext } from '../documents/compliance-repository';
import { driverAccount, driverAccountColumns } from './driver-account';
import { isTripIn } from '../../lib/driver-earnings';
import { driverVehicleColumns, toDriverVehicles } from '../../lib/driver-vehicles';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';

const rosterColumns = (month: TimeWindow) => ({
  id: drivers.id,
  userId: drivers.userId,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  phone: drivers.phone,
  email: drivers.email,
  status: drivers.status,
  deactivatedAt: drivers.deactivatedAt,
  rating: drivers.rating,
  licenceNumber: drivers.licenceNumber,
  preferredArea: drivers.preferredArea,
  notes: drivers.notes,
  drivesAnyVehicle: drivers.drivesAnyVehicle,
  createdAt: drivers.createdAt,
  updatedAt: drivers.updatedAt,
  ratingCount: sql<number>`(
    select count(*)::int from ${bookingRatings} r where r.driver_id = drivers.id
  )`,
  // The trips the profile and the driver's History count (isTripIn): not only those picked up
  // by now, or a trip done ahead of its pickup time is missing until that time.
  tripsThisMonth: sql<number>`(
    select count(*)::int from ${bookings}
    where ${bookings.driverId} = ${drivers.id} and ${isTripIn(month)}
  )`,
  ...driverAccountColumns,
  ...driverVehicleColumns,
  allowedVehicleIds: sql<string[] | string | null>`(
    select array_agg(dv.vehicle_id::text order by dv.vehicle_id) from ${driverVehicles} dv
    where dv.driver_id = drivers.id
  )`,
});

/** PGlite and pg both parse text[]; a driver that returns the literal gets it parsed here. */
function parseTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

type RosterRow = Awaited<ReturnType<typeof selectRoster>>[number];

function toRosterDriver(row: RosterRow, isCompliant: boolean): RosterDriver {
  return {
    id: row.id,
    userId: row.userId,
    ...driverAccount(row),
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    status: driverRecordStatus({
      status: row.status as DriverStatus,
      deactivatedAt: row.deactivatedAt,
      isCompliant,
    }),
    ...toDriverVehicles(row),
    rating: row.rating === null ? null : Number(row.rating),
    ratingCount: Number(row.ratingCount),
    tripsThisMonth: Number(row.tripsThisMonth),
    licenceNumber: row.licenceNumber,
    preferredArea: row.preferredArea,
    notes: row.notes,
    drivesAnyVehicle: row.drivesAnyVehicle,
    allowedVehicleIds: parseTextArray(row.allowedVehicleIds),
    createdAt: row.createdAt.toISOString(),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectRoster(db: Executor, where: SQL | undefined, periods: RosterPeriods) {
  return db
    .select(rosterColumns(periods.month))
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(where)
    .orderBy(asc(drivers.firstName), asc(drivers.lastName), asc(drivers.id));
}

function rosterFilter(query: DriverRosterQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  switch (query.status) {
    case undefined:
      break;
    case 'inactive':
      conditions.push(isNotNull(drivers.deactivatedAt));
      break;
    case 'suspended':
      conditions.push(isNull(drivers.deactivatedAt), eq(drivers.status, 'suspended'));
      break;
    // Active or pending verification: the documents rule tells them apart (rosterDrivers).
    case 'active':
    case 'pending':
      conditions.push(isNull(drivers.deactivatedAt), ne(drivers.status, 'suspended'));
      break;
  }
  const q = query.q?.trim();
  if (q) {
    const words = containsPattern(q.toLowerCase());
    const matches: SQL[] = [
      matchesFolded(sql`(${drivers.firstName} || ' ' || ${drivers.lastName})`, words),
      sql`lower(coalesce(${drivers.email}, '')) like ${words}`,
    ];
    // Phones are stored in E.164: '0412 345' matches '+61412345...' once the trunk 0 goes.
    const digits = q.replace(/\D/g, '').replace(/^0/, '');
    if (digits.length >= 3) {
      matches.push(
        sql`regexp_replace(coalesce(${drivers.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`,
      );
    }
    const plate = plateKey(q);
    if (plate.length >= 2) {
      matches.push(
        sql`replace(replace(${vehicles.registration}, ' ', ''), '-', '') like ${containsPattern(plate)}`,
      );
    }
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return and(...conditions);
}

/** This month to the end of today (periodWindows), and now for the documents rule. */
export type RosterPeriods = { month: TimeWindow; now: Date };

/** The rows as the admin reads them: each status by the one documents rule (spec section 5). */
async function rosterDrivers(db: Executor, rows: RosterRow[], now: Date): Promise<RosterDriver[]> {
  const compliance = await assessDrivers(
    db,
    rows.map((row) => ({
      id: row.id,
      vehicle: row.vehicleId ? { id: row.vehicleId, registration: row.vehicleRegistration! } : null,
    })),
    await complianceContext(db, now),
  );
  return rows.map((row) => toRosterDriver(row, compliance.get(row.id)!.isCompliant));
}

/** The roster: every driver record, by name, filtered by status and a search text. */
export async function listRoster(
  db: Executor,
  query: DriverRosterQuery,
  periods: RosterPeriods,
): Promise<RosterDriver[]> {
  const rows = await selectRoster(db, rosterFilter(query), periods);
  const roster = await rosterDrivers(db, rows, periods.now);
  return query.status ? roster.filter((driver) => driver.status === query.status) : roster;
}

export async function findRosterDriver(
  db: Executor,
  id: string,
  periods: RosterPeriods,
): Promise<RosterDriver | null> {
  const rows = await selectRoster(db, eq(drivers.id, id), periods);
  const [driver] = await rosterDrivers(db, rows, periods.now);
  return driver ?? null;
}

/**
 * Serialises driver writes that check for duplicate contacts until the
 * transaction ends (as customers do, decision 12).
 */
export async function lockDriverContacts(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('drivers.contacts'))`);
}

/** 409 naming the driver who already has this phone or email. */
export async function assertDriverContactsFree(
  tx: Executor,
  contact: { phone?: string | null; email?: string | null },
  exceptId: string | null,
): Promise<void> {
  const others = exceptId ? ne(drivers.id, exceptId) : undefined;
  const holderOf = async (condition: SQL) => {
    const [holder] = await tx
      .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
      .from(drivers)
      .where(and(condition, others))
      .limit(1);
    return holder;
  };
  const fields: Record<string, string> = {};
  if (contact.phone) {
    const holder = await holderOf(eq(drivers.phone, contact.phone));
    if (holder) {
      fields.phone = `Driver ${holder.firstName} ${holder.lastName} already has this phone number.`;
    }
  }
  if (contact.email) {
    const holder = await holderOf(sql`lower(${drivers.email}) = ${contact.email.toLowerCase()}`);
    if (holder) {
      fields.email = `Driver ${holder.firstName} ${holder.lastName} already has this email.`;
    }
  }
  const [first] = Object.values(fields);
  if (first) throw new Conflict(first, fields);
}

/** The user an admin links to a new driver: must exist and drive for nobody else yet. */
export async function findLinkableUser(tx: Executor, userId: string) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, driverId: drivers.id })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) throw new NotFound('No such user.');
  if (user.driverId) {
    throw new Conflict('This user is already linked to a driver.', {
      userId: 'is already linked to a driver',
    });
  }
  return user;
}

export async function insertDriver(
  tx: Executor,
  values: Omit<DriverCreateValues, 'userId'> & { userId: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(drivers)
    .values({
      userId: values.userId,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      email: values.email,
      licenceNumber: values.licenceNumber,
      preferredArea: values.preferredArea,
      notes: values.notes,
      status: 'offline',
      rating: null,
    })
    .returning({ id: drivers.id });
  return row!.id;
}

export async function findDriverRecord(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      id: drivers.id,
      userId: drivers.userId,
      status: drivers.status,
      deactivatedAt: drivers.deactivatedAt,
      drivesAnyVehicle: drivers.drivesAnyVehicle,
      vehicleId: drivers.vehicleId,
    })
    .from(drivers)
    .where(eq(drivers.id, id));
  return row ?? null;
}

/** The vehicles named must exist; 400 naming the field otherwise. */
async function assertVehiclesExist(tx: Executor, ids: readonly string[], field: string) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]));
  if (found.length !== new Set(ids).size)
    throw invalidField(field, 'names a vehicle that does not exist');
}

/** The updatedAt of an edit form's driver when it was filled, and the zone its refusal tells the time in. */
export type ExpectedDriverVersion = { updatedAt: string; timeZone: string };

/**
 * Edits a driver record. A current vehicle must be active and one the
 * driver may drive (after this edit's list, when it changes the list).
 * With `expected`, a driver changed since the form was filled is refused
 * (409) once their row is locked, before anything is written (decision 187).
 */
export async function updateDriverRecord(
  tx: Executor,
  id: string,
  update: Omit<DriverRecordUpdate, 'expectedUpdatedAt'>,
  expected?: ExpectedDriverVersion,
): Promise<void> {
  const [locked] = await tx
    .select({ updatedAt: drivers.updatedAt })
    .from(drivers)
    .where(eq(drivers.id, id))
    .for('update');
  if (!locked) throw new NotFound('Driver not found.');
  if (expected) {
    await assertUnchangedSince(expected.updatedAt, locked.updatedAt, () =>
      changedSinceOpenedRefusal(
        'This driver',
        { at: locked.updatedAt, by: null },
        expected.timeZone,
      ),
    );
  }
  const record = (await findDriverRecord(tx, id))!;
  await lockDriverContacts(tx);
  await assertDriverContactsFree(tx, { phone: update.phone, email: update.email }, id);

  if (update.allowedVehicleIds !== undefined) {
    await assertVehiclesExist(tx, update.allowedVehicleIds, 'allowedVehicleIds');
    await tx.delete(driverVehicles).where(eq(driverVehicles.driverId, id));
    const unique = [...new Set(update.allowedVehicleIds)];
    if (unique.length > 0) {
      await tx
        .insert(driverVehicles)
        .values(unique.map((vehicleId) => ({ driverId: id, vehicleId })));
    }
  }
  const drivesAny = update.drivesAnyVehicle ?? record.drivesAnyVehicle;
  if (update.vehicleId) {
    const [vehicle] = await tx
      .select({ status: vehicles.status, registration: vehicles.registration })
      .from(vehicles)
      .where(eq(vehicles.id, update.vehicleId));
    if (!vehicle) throw invalidField('vehicleId', 'names a vehicle that does not exist');
    if (vehicle.status !== 'active') {
      throw new Conflict(`Vehicle ${vehicle.registration} is not active and cannot be picked.`, {
        vehicleId: 'is not active',
      });
    }
    if (!drivesAny && !(await mayDrive(tx, id, update.vehicleId))) {
      throw new Conflict(`This driver may not drive ${vehicle.registration}.`, {
        vehicleId: 'is not one of the vehicles this driver may drive',
      });
    }
  }

  // A new list of vehicles alone is a new version too: a form opened before it is refused.
  const { allowedVehicleIds: _allowed, ...columns } = update;
  if (Object.keys(columns).length > 0 || update.allowedVehicleIds !== undefined) {
    await tx
      .update(drivers)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(drivers.id, id));
  }
}

async function mayDrive(tx: Executor, driverId: string, vehicleId: string): Promise<boolean> {
  const [row] = await tx
    .select({ vehicleId: driverVehicles.vehicleId })
    .from(driverVehicles)
    .where(and(eq(driverVehicles.driverId, driverId), eq(driverVehicles.vehicleId, vehicleId)));
  return row !== undefined;
}

/** Back on the roster after a deactivation (deactivateDriver in drivers-repository): offline, no vehicle. */
export async function reactivateDriver(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(drivers).set({ deactivatedAt: null, updatedAt: at }).where(eq(drivers.id, id));
}

/** Removes an invited user that no driver came to use (a failed add). */
export async function deleteUnlinkedUser(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
