import Papa from 'papaparse';

/** The four import templates of spec section 2.5, each a header row and one example row. */
export const IMPORT_TEMPLATE_KINDS = ['customers', 'drivers', 'vehicles', 'bookings'] as const;
export type ImportTemplateKind = (typeof IMPORT_TEMPLATE_KINDS)[number];

/** The columns of the guidelines, in their order. */
export const CUSTOMER_TEMPLATE_COLUMNS = [
  'First Name',
  'Last Name',
  'Phone Number',
  'Email Address',
  'Home Address',
  'Notes',
] as const;

export const DRIVER_TEMPLATE_COLUMNS = [
  'Driver First Name',
  'Driver Last Name',
  'Driver Phone',
  'Driver Email',
] as const;

export const VEHICLE_TEMPLATE_COLUMNS = [
  'Registration',
  'Vehicle Type',
  'Make',
  'Model',
  'Colour',
  'Year',
  'Seats',
  'Electric',
  'Wheelchair Accessible',
] as const;

export const BOOKING_TEMPLATE_COLUMNS = [
  'Pickup Date',
  'Pickup Time',
  'Pickup Address',
  'Dropoff Address',
  'Passenger Name',
  'Passenger Phone',
  'Passenger Email',
  'Passengers',
  'Suitcases',
  'Vehicle Type',
  'Notes',
] as const;

type Template = { title: string; fileName: string; columns: readonly string[]; example: string[] };

export const IMPORT_TEMPLATES: Record<ImportTemplateKind, Template> = {
  customers: {
    title: 'Customer Import Template',
    fileName: 'customer-import-template.csv',
    columns: CUSTOMER_TEMPLATE_COLUMNS,
    example: [
      'Olivia',
      'Bennett',
      '0412 345 678',
      'olivia.bennett@example.com.au',
      '12 Hay Street, Perth WA 6000',
      'Prefers the front seat',
    ],
  },
  drivers: {
    title: 'Driver Import Template',
    fileName: 'driver-import-template.csv',
    columns: DRIVER_TEMPLATE_COLUMNS,
    example: ['Liam', 'Walker', '0423 456 789', 'liam.walker@example.com.au'],
  },
  vehicles: {
    title: 'Vehicle Import Template',
    fileName: 'vehicle-import-template.csv',
    columns: VEHICLE_TEMPLATE_COLUMNS,
    example: ['1ABC234', 'Multivan 6', 'Volkswagen', 'Multivan', 'Black', '2023', '6', 'no', 'no'],
  },
  bookings: {
    title: 'Booking Import Template',
    fileName: 'booking-import-template.csv',
    columns: BOOKING_TEMPLATE_COLUMNS,
    example: [
      '', // the pickup date: a month from the day it is downloaded (templateExample)
      '09:30',
      'Perth Airport T1, Perth WA 6105',
      '12 Hay Street, Perth WA 6000',
      'Olivia Bennett',
      '0412 345 678',
      'olivia.bennett@example.com.au',
      '2',
      '2',
      'Standard HUG',
      'Flight QF 642',
    ],
  },
};

/** Days ahead of today the Booking template's example pickup is: always an upcoming one. */
export const EXAMPLE_PICKUP_DAYS_AHEAD = 30;

/**
 * A template's example row. The booking's pickup date is a month from `now`
 * (in UTC: a day either way does not matter), so the example, imported as
 * downloaded, is never a past pickup.
 */
export function templateExample(kind: ImportTemplateKind, now: Date): string[] {
  const example = [...IMPORT_TEMPLATES[kind].example];
  if (kind === 'bookings') {
    const day = new Date(now.getTime() + EXAMPLE_PICKUP_DAYS_AHEAD * 86_400_000);
    example[0] = day.toISOString().slice(0, 10);
  }
  return example;
}

/** The template as a CSV file (UTF-8, comma separated, CRLF line ends like Excel writes). */
export function importTemplateCsv(kind: ImportTemplateKind, now: Date): string {
  const fields = [...IMPORT_TEMPLATES[kind].columns];
  return `${Papa.unparse({ fields, data: [templateExample(kind, now)] })}\r\n`;
}

function columnSetKey(columns: readonly string[]): string {
  return [...new Set(columns.map((column) => column.trim().toLowerCase()).filter(Boolean))]
    .sort()
    .join('\u001f');
}

/**
 * The template kind whose header row a file has (its columns in any order or
 * case, as a spreadsheet may leave them), if any: the importer knows what
 * such a file holds even where its columns look like a customer's.
 */
export function templateKindOf(headers: string[]): ImportTemplateKind | null {
  const key = columnSetKey(headers);
  return (
    IMPORT_TEMPLATE_KINDS.find((kind) => columnSetKey(IMPORT_TEMPLATES[kind].columns) === key) ??
    null
  );
}
