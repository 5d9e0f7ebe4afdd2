import { sql } from 'drizzle-orm';
import {
  planVehicleImport,
  vehiclePlateKeys,
  type ExistingVehicle,
  type PreparedVehicle,
  type VehicleImportPlan,
} from '../../../domain/imports';
import type { VehicleType } from '../../../domain/vehicles';
import type { Database, Executor } from '../../db/database';
import { vehicles } from '../../db/schema';
import { createVehicle, lockPlates, updateVehicle } from '../vehicles/vehicles-repository';
import { saveImportRecord, type ImportRecord, type ImportRun } from './imports-repository';

/** The vehicles on record with any of the file's plates (compared without spaces or hyphens). */
async function existingVehicles(
  db: Executor,
  prepared: PreparedVehicle[],
): Promise<ExistingVehicle[]> {
  const keys = vehiclePlateKeys(prepared);
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(vehicles)
    .where(
      sql`replace(replace(${vehicles.registration}, ' ', ''), '-', '')
        in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
    )
    .orderBy(vehicles.createdAt, vehicles.id);
  return rows.map((row) => ({
    id: row.id,
    registration: row.registration,
    type: row.type as VehicleType,
    make: row.make,
    model: row.model,
    colour: row.colour,
    year: row.year,
    seats: row.seats,
    isElectric: row.isElectric,
    isWheelchairAccessible: row.isWheelchairAccessible,
    notes: row.notes,
  }));
}

/** What importing the vehicles would do, without writing anything. */
export async function previewVehicleImport(
  db: Executor,
  prepared: PreparedVehicle[],
): Promise<VehicleImportPlan> {
  return planVehicleImport(prepared, await existingVehicles(db, prepared));
}

/**
 * Imports the vehicles in one transaction, under the plates lock: new ones
 * through the vehicles feature's own create (active), merged ones through
 * its edit, and the report kept.
 */
export async function importVehicles(
  db: Database,
  input: ImportRun & { prepared: PreparedVehicle[] },
): Promise<ImportRecord> {
  return db.transaction(async (tx) => {
    await lockPlates(tx);
    const plan = planVehicleImport(input.prepared, await existingVehicles(tx, input.prepared));
    for (const vehicle of plan.creates) {
      await createVehicle(tx, { ...vehicle, status: 'active' });
    }
    for (const { id, changes } of plan.updates) await updateVehicle(tx, id, changes);
    return saveImportRecord(tx, { ...input, kind: 'vehicles', plan });
  });
}
