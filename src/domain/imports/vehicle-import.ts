import {
  MAX_VEHICLE_SEATS,
  VEHICLE_CAPACITY,
  VEHICLE_TYPES,
  VehicleInputSchema,
  plateKey,
  vehicleSeatsProblem,
  vehicleYearProblem,
  type VehicleType,
} from '../vehicles';
import type { ImportedVehicle } from './api';
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
import { VEHICLE_TEMPLATE_COLUMNS } from './templates';
import { isBlankRow, schemaReasons, templateCells, yesNo } from './template-rows';

// Vehicles from the Vehicle Import Template: validated by the vehicles
// feature's own input schema and plausibility rules, merged by plate (the
// same plate written with or without spaces and hyphens, in any case).

type VehicleColumn = (typeof VEHICLE_TEMPLATE_COLUMNS)[number];
const COLUMNS = VEHICLE_TEMPLATE_COLUMNS;
const COLUMN_OF: Record<string, VehicleColumn> = {
  registration: 'Registration',
  type: 'Vehicle Type',
  make: 'Make',
  model: 'Model',
  colour: 'Colour',
  year: 'Year',
  seats: 'Seats',
  isElectric: 'Electric',
  isWheelchairAccessible: 'Wheelchair Accessible',
};

export type ExistingVehicle = ImportedVehicle & { id: string };

export type PreparedVehicle =
  | { line: number; ok: true; vehicle: ImportedVehicle }
  | { line: number; ok: false; action: 'skip' | 'error'; reason: string; name: string };

export type VehicleImportPlan = ImportPlan & {
  creates: ImportedVehicle[];
  /** Existing vehicles whose values change: only the changed fields. */
  updates: { id: string; changes: Partial<Pick<ImportedVehicle, 'colour' | 'year' | 'notes'>> }[];
};

/** A vehicle type however it is typed ('multivan 6', 'IMAX7'), or null for none of ours. */
export function vehicleTypeOf(text: string): VehicleType | null {
  const key = (value: string) => value.toLowerCase().replace(/\s+/g, '');
  return VEHICLE_TYPES.find((type) => key(type) === key(text)) ?? null;
}

export const UNKNOWN_VEHICLE_TYPE = `is not one of our vehicle types: ${VEHICLE_TYPES.join(', ')}`;

/** A whole number as typed, a sign allowed ('-2' is one, only too few seats). */
function wholeNumber(text: string): number | null | 'invalid' {
  if (text === '') return null;
  return /^[-+]?\d+$/.test(text) ? Number(text) : 'invalid';
}

// The seats any vehicle may have, whatever its type.
const LEAST_SEATS = VehicleInputSchema.shape.seats.minValue ?? 1;

/** A template row under the vehicles' input rules, or why it cannot be stored. */
export function prepareVehicle(record: CsvRecord, now: Date): PreparedVehicle {
  const { line } = record;
  const cells = templateCells(record, COLUMNS);
  const name = cells.Registration.toUpperCase();
  const fail = (reason: string): PreparedVehicle => ({
    line,
    ok: false,
    action: 'error',
    reason,
    name,
  });
  if (record.problem) return fail(record.problem);
  if (isBlankRow(cells)) {
    return { line, ok: false, action: 'skip', reason: 'No registration.', name };
  }
  // Every bad value of the row at once, by field, so one fix of the file mends it.
  const problems = new Map<string, string>();
  const typeText = cells['Vehicle Type'];
  const type = vehicleTypeOf(typeText);
  if (type === null) {
    problems.set(
      'type',
      typeText === ''
        ? 'Vehicle Type: is required.'
        : `Vehicle Type "${typeText}" ${UNKNOWN_VEHICLE_TYPE}.`,
    );
  }
  const year = wholeNumber(cells.Year);
  if (year === 'invalid') problems.set('year', `Year "${cells.Year}" is not a year.`);
  const yearProblem = typeof year === 'number' ? vehicleYearProblem(year, now) : null;
  if (yearProblem) problems.set('year', `Year: ${yearProblem}.`);
  const seats = wholeNumber(cells.Seats);
  // Left blank: the seats of its type.
  const typeSeats = seats === null && type !== null ? VEHICLE_CAPACITY[type] : seats;
  if (seats === 'invalid') {
    problems.set('seats', `Seats "${cells.Seats}" is not a whole number.`);
  } else if (type !== null && typeof typeSeats === 'number') {
    // The type's own seats, as the vehicle form and API check them.
    const seatsProblem = vehicleSeatsProblem(type, typeSeats);
    if (seatsProblem) problems.set('seats', `Seats: ${seatsProblem}.`);
  } else if (seats !== null && (seats < LEAST_SEATS || seats > MAX_VEHICLE_SEATS)) {
    problems.set(
      'seats',
      `Seats "${cells.Seats}" must be at least ${LEAST_SEATS} and at most ${MAX_VEHICLE_SEATS}.`,
    );
  }
  const isElectric = yesNo(cells.Electric);
  if (isElectric === null) {
    problems.set('isElectric', `Electric "${cells.Electric}" is not yes or no.`);
  }
  const isWheelchairAccessible = yesNo(cells['Wheelchair Accessible']);
  if (isWheelchairAccessible === null) {
    problems.set(
      'isWheelchairAccessible',
      `Wheelchair Accessible "${cells['Wheelchair Accessible']}" is not yes or no.`,
    );
  }
  const parsed = VehicleInputSchema.safeParse({
    registration: cells.Registration,
    type: type ?? undefined,
    make: cells.Make,
    model: cells.Model,
    colour: cells.Colour,
    year: typeof year === 'number' ? year : null,
    seats: typeof typeSeats === 'number' ? typeSeats : undefined,
    isElectric: isElectric ?? undefined,
    isWheelchairAccessible: isWheelchairAccessible ?? undefined,
  });
  if (!parsed.success) {
    for (const [field, reason] of schemaReasons(parsed.error, COLUMN_OF)) {
      // Skipped: a value refused above, and blank seats whose type is unknown.
      if (problems.has(field) || (field === 'seats' && type === null)) continue;
      problems.set(field, reason);
    }
  }
  if (problems.size > 0 || !parsed.success) {
    const column = (field: string) => {
      const name = COLUMN_OF[field];
      return name ? COLUMNS.indexOf(name) : COLUMNS.length;
    };
    const reasons = [...problems].sort(([a], [b]) => column(a) - column(b));
    return fail(reasons.map(([, reason]) => reason).join(' '));
  }
  const vehicle = parsed.data;
  return {
    line,
    ok: true,
    vehicle: {
      registration: vehicle.registration,
      type: vehicle.type,
      make: vehicle.make,
      model: vehicle.model,
      colour: vehicle.colour,
      year: vehicle.year,
      seats: vehicle.seats,
      isElectric: vehicle.isElectric,
      isWheelchairAccessible: vehicle.isWheelchairAccessible,
      notes: vehicle.notes,
    },
  };
}

export function prepareVehicles(records: CsvRecord[], now: Date): PreparedVehicle[] {
  return records.map((record) => prepareVehicle(record, now));
}

/** The plates of the file as compared (plateKey): the vehicles to load before planning. */
export function vehiclePlateKeys(prepared: PreparedVehicle[]): string[] {
  return [
    ...new Set(prepared.flatMap((row) => (row.ok ? [plateKey(row.vehicle.registration)] : []))),
  ];
}

type Target = { id: string | null; line: number | null; values: ImportedVehicle; before: string };

const yesOrNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * What importing the rows does to the fleet: a plate not on record is a new
 * vehicle; a plate on record (or earlier in the file) is merged into it: an
 * empty colour or year is filled, and any other difference goes into the
 * vehicle's notes as "Imported: ...", the vehicle's own values kept.
 */
export function planVehicleImport(
  prepared: PreparedVehicle[],
  existing: ExistingVehicle[],
): VehicleImportPlan {
  const byPlate = new Map<string, Target>();
  const targets: Target[] = [];
  for (const { id, ...values } of existing) {
    const target = { id, line: null, values: { ...values }, before: JSON.stringify(values) };
    targets.push(target);
    byPlate.set(plateKey(values.registration), target);
  }
  const rows: PlannedRow[] = [];
  for (const row of prepared) {
    if (!row.ok) {
      const { line, action, reason, name } = row;
      rows.push({ line, action, reason, name, mergeWith: null, customer: null, vehicle: null });
      continue;
    }
    const incoming = row.vehicle;
    const name = incoming.registration;
    const key = plateKey(incoming.registration);
    const target = byPlate.get(key);
    if (!target) {
      const created: Target = { id: null, line: row.line, values: { ...incoming }, before: '' };
      targets.push(created);
      byPlate.set(key, created);
      rows.push({
        line: row.line,
        action: 'new',
        reason: null,
        name,
        mergeWith: null,
        customer: null,
        vehicle: { ...incoming },
      });
      continue;
    }
    const values = target.values;
    const outcome = emptyOutcome();
    if (values.colour === '' && incoming.colour !== '') {
      values.colour = incoming.colour;
      outcome.changes.push('fills colour');
    }
    if (values.year === null && incoming.year !== null) {
      values.year = incoming.year;
      outcome.changes.push('fills year');
    }
    const differences: [string, string, string][] = [
      ['type', values.type, incoming.type],
      ['make', values.make, incoming.make],
      ['model', values.model, incoming.model],
      ['colour', values.colour, incoming.colour],
      ['year', String(values.year ?? ''), String(incoming.year ?? '')],
      ['seats', String(values.seats), String(incoming.seats)],
      ['electric', yesOrNo(values.isElectric), yesOrNo(incoming.isElectric)],
      [
        'wheelchair accessible',
        yesOrNo(values.isWheelchairAccessible),
        yesOrNo(incoming.isWheelchairAccessible),
      ],
    ];
    for (const [label, current, value] of differences) {
      if (value === '' || sameText(current, value)) continue;
      addNote(values, `Imported: ${label} ${value}`, `notes the other ${label}`, outcome);
    }
    const mergeWith = {
      id: target.id,
      name:
        target.id === null ? `${values.registration} (line ${target.line})` : values.registration,
    };
    const merged = mergedRow({ line: row.line, name, mergeWith }, outcome, 'plate');
    rows.push({
      ...merged,
      customer: null,
      vehicle: merged.action === 'skip' ? null : { ...values },
    });
  }

  const creates = targets.filter((target) => target.id === null).map((target) => target.values);
  const updates = targets.flatMap((target) => {
    if (target.id === null) return [];
    const before = JSON.parse(target.before) as ImportedVehicle;
    const changes: VehicleImportPlan['updates'][number]['changes'] = {};
    if (target.values.colour !== before.colour) changes.colour = target.values.colour;
    if (target.values.year !== before.year) changes.year = target.values.year;
    if (target.values.notes !== before.notes) changes.notes = target.values.notes;
    return Object.keys(changes).length > 0 ? [{ id: target.id, changes }] : [];
  });
  return { rows, counts: countRows(rows), creates, updates };
}
