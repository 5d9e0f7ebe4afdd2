import { DriverCreateInputSchema } from '../drivers/roster';
import type { ImportedDriver } from './api';
import { importPhone } from './import-phone';
import {
  addNote,
  countRows,
  emptyOutcome,
  mergedRow,
  sameText,
  type ImportPlan,
  type PlannedRow,
} from './merge-rules';
import type { CsvRecord } from './parse-file';
import { DRIVER_TEMPLATE_COLUMNS } from './templates';
import { isBlankRow, schemaReasons, templateCells } from './template-rows';

// Drivers from the Driver Import Template: validated by the drivers
// feature's own create schema, merged by phone and email with the drivers
// already on record. No account is created and no invitation sent
// (decision 41): the admin invites a driver when they are to sign in.

const COLUMNS = DRIVER_TEMPLATE_COLUMNS;
type DriverColumn = (typeof DRIVER_TEMPLATE_COLUMNS)[number];
const COLUMN_OF: Record<string, DriverColumn> = {
  firstName: 'Driver First Name',
  lastName: 'Driver Last Name',
  phone: 'Driver Phone',
  email: 'Driver Email',
};

/** What a new driver's row says in the preview and the report. */
export const DRIVER_WITHOUT_ACCOUNT =
  'Added without a sign-in account: an import sends no invitation. Invite the driver from Driver Management when they are to sign in.';

export type ExistingDriver = ImportedDriver & { id: string };

export type PreparedDriver =
  | { line: number; ok: true; driver: ImportedDriver }
  | { line: number; ok: false; action: 'skip' | 'error'; reason: string; name: string };

/** A new driver: the create rules require a phone. */
export type NewDriver = ImportedDriver & { phone: string };

export type DriverImportPlan = ImportPlan & {
  /** New drivers with their final values (after any later row merged into them). */
  creates: NewDriver[];
  /** Existing drivers whose values change: only the changed fields. */
  updates: { id: string; changes: { phone?: string; email?: string | null; notes?: string } }[];
};

/** A template row under the drivers' create rules, or why it cannot be stored. */
export function prepareDriver(record: CsvRecord): PreparedDriver {
  const { line } = record;
  const cells = templateCells(record, COLUMNS);
  const name = `${cells['Driver First Name']} ${cells['Driver Last Name']}`.trim();
  if (record.problem) return { line, ok: false, action: 'error', reason: record.problem, name };
  if (isBlankRow(cells)) {
    return { line, ok: false, action: 'skip', reason: 'No name, phone or email.', name };
  }
  const rawPhone = cells['Driver Phone'];
  const parsed = DriverCreateInputSchema.safeParse({
    firstName: cells['Driver First Name'],
    lastName: cells['Driver Last Name'],
    // A Perth number without its area code is understood here as for customers.
    phone: (rawPhone && importPhone(rawPhone)) || rawPhone,
    email: cells['Driver Email'],
  });
  if (!parsed.success) {
    return {
      line,
      ok: false,
      action: 'error',
      // Every bad value of the row at once, so one fix of the file mends it.
      reason: [...schemaReasons(parsed.error, COLUMN_OF).values()].join(' '),
      name,
    };
  }
  const { firstName, lastName, phone, email, notes } = parsed.data;
  return { line, ok: true, driver: { firstName, lastName, phone, email, notes } };
}

export function prepareDrivers(records: CsvRecord[]): PreparedDriver[] {
  return records.map(prepareDriver);
}

/** The phones and emails of the file: the drivers to load before planning. */
export function driverKeys(prepared: PreparedDriver[]): { phones: string[]; emails: string[] } {
  const ok = prepared.flatMap((row) => (row.ok ? [row.driver] : []));
  return {
    phones: [...new Set(ok.flatMap((driver) => (driver.phone ? [driver.phone] : [])))],
    emails: [...new Set(ok.flatMap((driver) => (driver.email ? [driver.email] : [])))],
  };
}

type Target = { id: string | null; line: number | null; values: ImportedDriver; before: string };

function driverName(driver: { firstName: string; lastName: string }): string {
  return `${driver.firstName} ${driver.lastName}`.trim();
}

/**
 * What importing the rows does to the drivers on record (those sharing a
 * phone or email with the file): each row is new, merge (into an existing
 * driver or an earlier row, found by phone first, then email), skip or
 * error. A merge fills an empty phone or email that no other driver has;
 * any other difference goes into the driver's notes as "Imported: ...".
 */
export function planDriverImport(
  prepared: PreparedDriver[],
  existing: ExistingDriver[],
): DriverImportPlan {
  const byPhone = new Map<string, Target>();
  const byEmail = new Map<string, Target>();
  const targets: Target[] = [];
  const register = (target: Target) => {
    const { phone, email } = target.values;
    if (phone && !byPhone.has(phone)) byPhone.set(phone, target);
    if (email && !byEmail.has(email)) byEmail.set(email, target);
  };
  for (const { id, ...values } of existing) {
    const target = {
      id,
      line: null,
      values: { ...values, email: values.email?.toLowerCase() ?? null },
      before: JSON.stringify(values),
    };
    targets.push(target);
    register(target);
  }

  const rows: PlannedRow[] = [];
  for (const row of prepared) {
    if (!row.ok) {
      const { line, action, reason, name } = row;
      rows.push({ line, action, reason, name, mergeWith: null, customer: null, driver: null });
      continue;
    }
    const incoming = row.driver;
    const name = driverName(incoming);
    const target =
      (incoming.phone ? byPhone.get(incoming.phone) : undefined) ??
      (incoming.email ? byEmail.get(incoming.email) : undefined);
    if (!target) {
      const created: Target = { id: null, line: row.line, values: { ...incoming }, before: '' };
      targets.push(created);
      register(created);
      rows.push({
        line: row.line,
        action: 'new',
        reason: DRIVER_WITHOUT_ACCOUNT,
        name,
        mergeWith: null,
        customer: null,
        driver: { ...incoming },
      });
      continue;
    }
    const targetName = driverName(target.values);
    const outcome = emptyOutcome();
    const values = target.values;
    if (!sameText(targetName, name)) {
      addNote(values, `Imported: name ${name}`, 'notes the other name', outcome);
    }
    for (const field of ['phone', 'email'] as const) {
      const value = incoming[field];
      if (value === null || value === values[field]) continue;
      const holder = (field === 'phone' ? byPhone : byEmail).get(value);
      if (values[field] === null && (holder === undefined || holder === target)) {
        values[field] = value;
        outcome.changes.push(`fills ${field}`);
      } else {
        addNote(values, `Imported: ${field} ${value}`, `notes the other ${field}`, outcome);
      }
    }
    register(target);
    const mergeWith = {
      id: target.id,
      name: target.id === null ? `${targetName} (line ${target.line})` : targetName,
    };
    const merged = mergedRow({ line: row.line, name, mergeWith }, outcome, 'phone or email');
    rows.push({
      ...merged,
      customer: null,
      driver: merged.action === 'skip' ? null : { ...values },
    });
  }

  const creates = targets.flatMap(({ id, values }) =>
    id === null && values.phone !== null ? [{ ...values, phone: values.phone }] : [],
  );
  const updates = targets.flatMap((target) => {
    if (target.id === null) return [];
    const before = JSON.parse(target.before) as ImportedDriver;
    const changes: DriverImportPlan['updates'][number]['changes'] = {};
    if (target.values.phone !== null && target.values.phone !== before.phone) {
      changes.phone = target.values.phone;
    }
    if (target.values.email !== (before.email?.toLowerCase() ?? null)) {
      changes.email = target.values.email;
    }
    if (target.values.notes !== before.notes) changes.notes = target.values.notes;
    return Object.keys(changes).length > 0 ? [{ id: target.id, changes }] : [];
  });
  return { rows, counts: countRows(rows), creates, updates };
}
