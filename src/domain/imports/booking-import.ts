import { isValid, parse } from 'date-fns';
import { CreateBookingInputSchema } from '../bookings/api';
import { wallTimeToIso } from '../bookings/wall-time';
import { parseTypedTime, pickupWallTime } from '../bookings/pickup-time';
import { bookingCapacityWarning } from '../vehicles/capacity';
import { DEFAULT_VEHICLE_TYPE } from '../vehicles/vehicle-types';
import type { ImportedBooking } from './api';
import { importPhone } from './import-phone';
import { countRows, type ImportPlan, type PlannedRow } from './merge-rules';
import type { CsvRecord } from './parse-file';
import { BOOKING_TEMPLATE_COLUMNS } from './templates';
import { isBlankRow, schemaReasons, templateCells } from './template-rows';
import { UNKNOWN_VEHICLE_TYPE, vehicleTypeOf } from './vehicle-import';

// Bookings from the Booking Import Template. Each row is checked by the
// bookings' own input schema; the date and time are read in the business's
// time zone; a pickup that has passed is an error (an import brings upcoming
// work, not history: decision 41). The bookings are then created by the one
// booking creation service, whose rule finds the customer by phone, then
// email, or creates one; the plan foresees the same.

type BookingColumn = (typeof BOOKING_TEMPLATE_COLUMNS)[number];
const COLUMNS = BOOKING_TEMPLATE_COLUMNS;
const COLUMN_OF: Record<string, BookingColumn> = {
  pickupTime: 'Pickup Date',
  pickupLocation: 'Pickup Address',
  dropoffLocation: 'Dropoff Address',
  passengerName: 'Passenger Name',
  phone: 'Passenger Phone',
  email: 'Passenger Email',
  numPassengers: 'Passengers',
  numSuitcases: 'Suitcases',
  vehicleType: 'Vehicle Type',
  notes: 'Notes',
};

/** The booking's values before its customer is known. */
export type BookingValues = Omit<ImportedBooking, 'customer'>;

export type PreparedBooking =
  | { line: number; ok: true; booking: BookingValues; warning: string | null }
  | { line: number; ok: false; action: 'skip' | 'error'; reason: string; name: string };

/** A customer a booking's phone or email finds. */
export type BookingCustomer = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
};

/** A booking on record, as far as telling a row already booked needs it. */
export type ExistingBooking = {
  reference: string;
  pickupTime: Date;
  pickupLocation: string;
  dropoffLocation: string;
  passengerName: string;
  phone: string;
};

/** A booking to create: its values and who it is for, as the booking service takes them. */
export type BookingCreate = {
  line: number;
  booking: BookingValues;
  contact: { name: string; phone: string; email: string | null };
};

export type BookingImportPlan = ImportPlan & { creates: BookingCreate[] };

export type BookingRules = { now: Date; timeZone: string };

/** Dates as they are typed or a spreadsheet saves them: ISO, or day first as in Australia. */
const DATE_FORMATS: [RegExp, string][] = [
  [/^\d{4}-\d{1,2}-\d{1,2}$/, 'yyyy-M-d'],
  [/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'd/M/yyyy'],
  [/^\d{1,2}\.\d{1,2}\.\d{4}$/, 'd.M.yyyy'],
  [/^\d{1,2}-\d{1,2}-\d{4}$/, 'd-M-yyyy'],
];

/** 'YYYY-MM-DD' of a typed date, or null when it is not a date. */
export function parseImportDate(text: string): string | null {
  const match = DATE_FORMATS.find(([pattern]) => pattern.test(text.trim()));
  if (!match) return null;
  const parsed = parse(text.trim(), match[1], new Date(2000, 0, 1, 12));
  if (!isValid(parsed)) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

function wholeNumber(text: string, blank: number): number | null {
  if (text === '') return blank;
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** A template row under the bookings' input rules, or why it cannot be stored. */
export function prepareBooking(record: CsvRecord, rules: BookingRules): PreparedBooking {
  const { line } = record;
  const cells = templateCells(record, COLUMNS);
  const who = cells['Passenger Name'] || cells['Passenger Phone'] || cells['Passenger Email'];
  const when = `${cells['Pickup Date']} ${cells['Pickup Time']}`.trim();
  const name = [who, when].filter(Boolean).join(', ');
  const fail = (reason: string): PreparedBooking => ({
    line,
    ok: false,
    action: 'error',
    reason,
    name,
  });
  if (record.problem) return fail(record.problem);
  if (isBlankRow(cells)) return { line, ok: false, action: 'skip', reason: 'Empty row.', name };

  // Every bad value of the row at once, by column, so one fix of the file mends it.
  const problems = new Map<string, string>();
  const day = parseImportDate(cells['Pickup Date']);
  if (day === null) {
    problems.set(
      'Pickup Date',
      cells['Pickup Date'] === ''
        ? 'Pickup Date: is required.'
        : `Pickup Date "${cells['Pickup Date']}" is not a date (write 2026-12-24 or 24/12/2026).`,
    );
  }
  // Spreadsheets may add seconds: '09:30:00'.
  const time = parseTypedTime(cells['Pickup Time'].replace(/^(\d{1,2}:\d{2}):00$/, '$1'));
  if (time === null) {
    problems.set(
      'Pickup Time',
      cells['Pickup Time'] === ''
        ? 'Pickup Time: is required.'
        : `Pickup Time "${cells['Pickup Time']}" is not a time (write 09:30, 14:45 or 2:45 pm).`,
    );
  }
  const wallTime = day !== null && time !== null ? pickupWallTime(day, time).slice(0, 16) : null;
  const pickupTime = wallTime === null ? null : wallTimeToIso(wallTime, rules.timeZone);
  if (pickupTime !== null && new Date(pickupTime).getTime() < rules.now.getTime()) {
    problems.set(
      'Pickup Date',
      `The pickup ${wallTime} has passed: only upcoming bookings are imported.`,
    );
  }
  const typeText = cells['Vehicle Type'];
  const vehicleType = typeText === '' ? DEFAULT_VEHICLE_TYPE : vehicleTypeOf(typeText);
  if (vehicleType === null) {
    problems.set('Vehicle Type', `Vehicle Type "${typeText}" ${UNKNOWN_VEHICLE_TYPE}.`);
  }
  const numPassengers = wholeNumber(cells.Passengers, 1);
  if (numPassengers === null) {
    problems.set('Passengers', `Passengers "${cells.Passengers}" is not a number.`);
  }
  const numSuitcases = wholeNumber(cells.Suitcases, 0);
  if (numSuitcases === null) {
    problems.set('Suitcases', `Suitcases "${cells.Suitcases}" is not a number.`);
  }
  const rawPhone = cells['Passenger Phone'];
  const phone = rawPhone === '' ? null : importPhone(rawPhone);
  if (rawPhone !== '' && phone === null) {
    problems.set('Passenger Phone', `Passenger Phone "${rawPhone}" is not a valid phone number.`);
  }
  if (cells['Passenger Name'] === '' && rawPhone === '' && cells['Passenger Email'] === '') {
    problems.set(
      'Passenger Name',
      'Passenger Name, Passenger Phone or Passenger Email: one is required.',
    );
  }
  const parsed = CreateBookingInputSchema.safeParse({
    pickupLocation: cells['Pickup Address'],
    dropoffLocation: cells['Dropoff Address'],
    pickupTime: pickupTime ?? undefined,
    numPassengers: numPassengers ?? undefined,
    numSuitcases: numSuitcases ?? undefined,
    notes: cells.Notes,
    passengerName: cells['Passenger Name'],
    phone: phone ?? '',
    email: cells['Passenger Email'].toLowerCase(),
    vehicleType: vehicleType ?? undefined,
  });
  if (!parsed.success) {
    for (const [field, reason] of schemaReasons(parsed.error, COLUMN_OF)) {
      const column = COLUMN_OF[field] ?? field;
      // Skipped: a value refused above, and a pickup not read from its date and time.
      if (problems.has(column) || (field === 'pickupTime' && pickupTime === null)) continue;
      problems.set(column, reason);
    }
  }
  if (!parsed.success || problems.size > 0 || wallTime === null || pickupTime === null) {
    const order = (column: string) => {
      const index = COLUMNS.indexOf(column as BookingColumn);
      return index === -1 ? COLUMNS.length : index;
    };
    const reasons = [...problems].sort(([a], [b]) => order(a) - order(b));
    return fail(reasons.map(([, reason]) => reason).join(' '));
  }
  const input = parsed.data;
  const capacity = bookingCapacityWarning({
    mainPassengers: input.numPassengers,
    stops: [],
    isShuttle: false,
    vehicleType: input.vehicleType,
  });
  return {
    line,
    ok: true,
    warning: capacity?.message ?? null,
    booking: {
      pickupTime,
      pickupWallTime: wallTime,
      pickupLocation: input.pickupLocation,
      dropoffLocation: input.dropoffLocation,
      passengerName: input.passengerName,
      phone,
      email: input.email || null,
      numPassengers: input.numPassengers,
      numSuitcases: input.numSuitcases,
      vehicleType: input.vehicleType,
      notes: input.notes.trim(),
    },
  };
}

export function prepareBookings(records: CsvRecord[], rules: BookingRules): PreparedBooking[] {
  return records.map((record) => prepareBooking(record, rules));
}

/** The phones, emails and pickup times of the file: what to load before planning. */
export function bookingKeys(prepared: PreparedBooking[]) {
  const ok = prepared.flatMap((row) => (row.ok ? [row.booking] : []));
  return {
    phones: [...new Set(ok.flatMap((booking) => (booking.phone ? [booking.phone] : [])))],
    emails: [...new Set(ok.flatMap((booking) => (booking.email ? [booking.email] : [])))],
    pickupTimes: [...new Set(ok.map((booking) => booking.pickupTime))].map((iso) => new Date(iso)),
  };
}

function sameBookingKey(booking: {
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  passengerName: string;
  phone: string | null;
}): string {
  const clean = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s,.]+/g, ' ')
      .trim();
  return [
    new Date(booking.pickupTime).toISOString(),
    clean(booking.pickupLocation),
    clean(booking.dropoffLocation),
    clean(booking.passengerName),
    booking.phone ?? '',
  ].join('\u001f');
}

/**
 * What importing the rows creates: a booking per row, for the customer its
 * phone (first) or email finds, or one created for it, as the booking
 * service will do. A row whose booking is already on record (same pickup
 * time, addresses, passenger and phone, not cancelled) or earlier in the
 * file is skipped, so importing the same file twice books nothing twice.
 */
export function planBookingImport(
  prepared: PreparedBooking[],
  existing: { customers: BookingCustomer[]; bookings: ExistingBooking[] },
): BookingImportPlan {
  type Found = NonNullable<ImportedBooking['customer']>;
  const byPhone = new Map<string, Found>();
  const byEmail = new Map<string, Found>();
  for (const customer of existing.customers) {
    const found = { id: customer.id, name: customer.name, isNew: false };
    if (customer.phone && !byPhone.has(customer.phone)) byPhone.set(customer.phone, found);
    const email = customer.email?.toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, found);
  }
  const booked = new Map<string, string>(
    existing.bookings.map((booking) => [
      sameBookingKey({ ...booking, pickupTime: booking.pickupTime.toISOString() }),
      `booking ${booking.reference}`,
    ]),
  );

  const rows: PlannedRow[] = [];
  const creates: BookingCreate[] = [];
  for (const row of prepared) {
    if (!row.ok) {
      const { line, action, reason, name } = row;
      rows.push({ line, action, reason, name, mergeWith: null, customer: null, booking: null });
      continue;
    }
    const { booking } = row;
    const who = booking.passengerName || booking.phone || booking.email || '';
    const name = `${who}, ${booking.pickupWallTime}`;
    const key = sameBookingKey(booking);
    const already = booked.get(key);
    if (already) {
      rows.push({
        line: row.line,
        action: 'skip',
        reason: `Already booked: ${already}.`,
        name,
        mergeWith: null,
        customer: null,
        booking: null,
      });
      continue;
    }
    booked.set(key, `line ${row.line}`);
    let customer: Found | null =
      (booking.phone ? byPhone.get(booking.phone) : undefined) ??
      (booking.email ? byEmail.get(booking.email) : undefined) ??
      null;
    if (customer === null && (booking.phone || booking.email)) {
      customer = { id: null, name: who, isNew: true };
      const later = { id: null, name: `${who} (line ${row.line})`, isNew: false };
      if (booking.phone) byPhone.set(booking.phone, later);
      if (booking.email && !byEmail.has(booking.email)) byEmail.set(booking.email, later);
    }
    rows.push({
      line: row.line,
      action: 'new',
      reason: row.warning,
      name,
      mergeWith: null,
      customer: null,
      booking: { ...booking, customer },
    });
    creates.push({
      line: row.line,
      booking,
      contact: { name: booking.passengerName, phone: booking.phone ?? '', email: booking.email },
    });
  }
  return { rows, counts: countRows(rows), creates };
}
