import { sql } from 'drizzle-orm';
import {
  driverKeys,
  planDriverImport,
  type DriverImportPlan,
  type ExistingDriver,
  type PreparedDriver,
} from '../../../domain/imports';
import type { Database, Executor } from '../../db/database';
import { drivers } from '../../db/schema';
import { insertDriver, lockDriverContacts, updateDriverRecord } from '../drivers/roster-repository';
import { saveImportRecord, type ImportRecord, type ImportRun } from './imports-repository';

/** The drivers on record holding any of the file's phones or emails (any case). */
async function existingDrivers(
  db: Executor,
  prepared: PreparedDriver[],
): Promise<ExistingDriver[]> {
  const { phones, emails } = driverKeys(prepared);
  if (phones.length === 0 && emails.length === 0) return [];
  return db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      phone: drivers.phone,
      email: drivers.email,
      notes: drivers.notes,
    })
    .from(drivers)
    .where(
      sql`${drivers.phone} in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))
        or lower(${drivers.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
    )
    .orderBy(drivers.createdAt, drivers.id);
}

/** What importing the drivers would do, without writing anything. */
export async function previewDriverImport(
  db: Executor,
  prepared: PreparedDriver[],
): Promise<DriverImportPlan> {
  return planDriverImport(prepared, await existingDrivers(db, prepared));
}

/**
 * Imports the drivers in one transaction, under the drivers' contact lock:
 * new drivers through the drivers feature's own insert (offline, without an
 * account: no invitation goes out, decision 41), merged ones through its
 * record edit, and the report kept. Answers the report and the ids of the
 * drivers written, for the dispatch board to be told after the commit.
 */
export async function importDrivers(
  db: Database,
  input: ImportRun & { prepared: PreparedDriver[] },
): Promise<{ record: ImportRecord; driverIds: string[] }> {
  return db.transaction(async (tx) => {
    await lockDriverContacts(tx);
    const plan = planDriverImport(input.prepared, await existingDrivers(tx, input.prepared));
    const driverIds: string[] = [];
    for (const driver of plan.creates) {
      driverIds.push(
        await insertDriver(tx, {
          ...driver,
          licenceNumber: null,
          preferredArea: null,
          userId: null,
        }),
      );
    }
    for (const { id, changes } of plan.updates) {
      await updateDriverRecord(tx, id, changes);
      driverIds.push(id);
    }
    const record = await saveImportRecord(tx, { ...input, kind: 'drivers', plan });
    return { record, driverIds };
  });
}
