import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  plateKey,
  type FleetVehicle,
  type VehicleListQuery,
  type VehicleStatus,
  type VehicleType,
  type VehicleUpdate,
  type VehicleValues,
} from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import { drivers, vehicles } from '../../db/schema';
import { changedSinceOpenedRefusal } from '../../../domain/api/changed-since-words';
import { Conflict, NotFound } from '../../lib/errors';
import { assertUnchangedSince } from '../../lib/expected-version';
import { containsPattern } from '../../lib/like-pattern';
import { vehicleDriverColumns, toVehicleDrivers } from '../../lib/driver-vehicles';

const vehicleColumns = {
  id: vehicles.id,
  registration: vehicles.registration,
  type: vehicles.type,
  make: vehicles.make,
  model: vehicles.model,
  colour: vehicles.colour,
  year: vehicles.year,
  seats: vehicles.seats,
  isElectric: vehicles.isElectric,
  isWheelchairAccessible: vehicles.isWheelchairAccessible,
  status: vehicles.status,
  notes: vehicles.notes,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
  ...vehicleDriverColumns,
};

type VehicleRow = Awaited<ReturnType<typeof selectVehicles>>[number];

/** A vehicle as its table and its drivers say it; the routes add its papers. */
export type VehicleRecord = Omit<FleetVehicle, 'paperProblems'>;

function toFleetVehicle(row: VehicleRow): VehicleRecord {
  return {
    ...row,
    type: row.type as VehicleType,
    status: row.status as VehicleStatus,
    ...toVehicleDrivers(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored plate without spaces or hyphens, as plateKey makes it. */
const storedPlateKey = sql`replace(replace(${vehicles.registration}, ' ', ''), '-', '')`;

function selectVehicles(db: Executor, where: SQL | undefined) {
  return db
    .select(vehicleColumns)
    .from(vehicles)
    .where(where)
    .orderBy(asc(vehicles.registration), asc(vehicles.id));
}

/** Vehicles by plate; q matches the plate (spaces ignored), make, model or colour. */
export async function listVehicles(
  db: Executor,
  query: VehicleListQuery,
): Promise<VehicleRecord[]> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(vehicles.status, query.status) : undefined,
    query.type ? eq(vehicles.type, query.type) : undefined,
  ];
  const q = query.q?.trim();
  if (q) {
    const words = containsPattern(q.toLowerCase());
    const plate = containsPattern(plateKey(q));
    conditions.push(
      sql`(${storedPlateKey} like ${plate}
        or lower(${vehicles.make} || ' ' || ${vehicles.model}) like ${words}
        or lower(${vehicles.colour}) like ${words})`,
    );
  }
  const rows = await selectVehicles(db, and(...conditions));
  return rows.map(toFleetVehicle);
}

export async function findVehicle(db: Executor, id: string): Promise<VehicleRecord | null> {
  const [row] = await selectVehicles(db, eq(vehicles.id, id));
  return row ? toFleetVehicle(row) : null;
}

/** Serialises plate checks until the transaction ends: two admins cannot add one plate twice. */
export async function lockPlates(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vehicles.registration'))`);
}

/** 409 naming the vehicle that already has this plate (compared without spaces or hyphens). */
async function assertPlateFree(tx: Executor, registration: string, exceptId: string | null) {
  const [holder] = await tx
    .select({ registration: vehicles.registration, make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(
      and(
        sql`${storedPlateKey} = ${plateKey(registration)}`,
        exceptId ? ne(vehicles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (holder) {
    const message = `Vehicle ${holder.registration} (${holder.make} ${holder.model}) already has this plate.`;
    throw new Conflict(message, { registration: message });
  }
}

export async function createVehicle(tx: Executor, values: VehicleValues): Promise<string> {
  await lockPlates(tx);
  await assertPlateFree(tx, values.registration, null);
  const [row] = await tx.insert(vehicles).values(values).returning({ id: vehicles.id });
  return row!.id;
}

/** The updatedAt of an edit form's vehicle when it was filled, and the zone its refusal tells the time in. */
export type ExpectedVehicleVersion = { updatedAt: string; timeZone: string };

/**
 * Edits a vehicle. Once it is no longer active nobody drives it: the drivers
 * who had it as their current vehicle are left without one. With `expected`,
 * a vehicle changed since the form was filled is refused (409) once its row
 * is locked, before anything is written (decision 187).
 */
export async function updateVehicle(
  tx: Executor,
  id: string,
  update: Omit<VehicleUpdate, 'expectedUpdatedAt'>,
  expected?: ExpectedVehicleVersion,
): Promise<void> {
  const [locked] = await tx
    .select({ updatedAt: vehicles.updatedAt })
    .from(vehicles)
    .where(eq(vehicles.id, id))
    .for('update');
  if (!locked) throw new NotFound('Vehicle not found.');
  if (expected) {
    await assertUnchangedSince(expected.updatedAt, locked.updatedAt, () =>
      changedSinceOpenedRefusal(
        'This vehicle',
        { at: locked.updatedAt, by: null },
        expected.timeZone,
      ),
    );
  }
  if (update.registration !== undefined) {
    await lockPlates(tx);
    await assertPlateFree(tx, update.registration, id);
  }
  await tx
    .update(vehicles)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(vehicles.id, id));
  if (update.status !== undefined && update.status !== 'active') {
    await tx
      .update(drivers)
      .set({ vehicleId: null, updatedAt: new Date() })
      .where(eq(drivers.vehicleId, id));
  }
}

/** The driver ids whose current vehicle this is (to tell the dispatch board). */
export async function driversInVehicle(db: Executor, id: string): Promise<string[]> {
  const rows = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.vehicleId, id));
  return rows.map((row) => row.id);
}
