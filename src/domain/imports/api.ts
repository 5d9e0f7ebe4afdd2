import { z } from 'zod';
import { text } from '../api/text';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { MAX_IMPORT_BYTES } from './file-text';
import { IMPORT_TEMPLATE_KINDS } from './templates';

// The imports API contract, shared by server and web.

/** Where a column of a CSV the importer does not know goes. */
export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'phone',
  'email',
  'homeAddress',
  'notes',
  'ignore',
] as const;
export const ContactFieldSchema = z.enum(CONTACT_FIELDS);
export type ContactField = z.infer<typeof ContactFieldSchema>;
export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  fullName: 'Full Name',
  phone: 'Phone Number',
  email: 'Email Address',
  homeAddress: 'Home Address',
  notes: 'Notes',
  ignore: 'Ignore this column',
};

/** Header text → field. */
export const ColumnMappingSchema = z.record(text().max(200), ContactFieldSchema);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

/** Base64 of the largest file allowed, plus room for padding. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 4;

/**
 * POST /api/imports/preview and POST /api/imports: the file travels as base64
 * in JSON (decision 21); the server sniffs the format from the content.
 */
export const ImportFileInputSchema = z.object({
  fileName: text().trim().min(1, 'is required').max(255),
  /** The file's bytes in base64. Checked against the size limit before anything else. */
  content: z
    .string()
    .max(MAX_BASE64_LENGTH * 2, 'the file is larger than 20 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'),
  /** For a CSV the importer does not recognise: which column holds which field. */
  mapping: ColumnMappingSchema.optional(),
});
export type ImportFileInput = z.infer<typeof ImportFileInputSchema>;

export const IMPORT_ACTIONS = ['new', 'merge', 'skip', 'error'] as const;
export const ImportActionSchema = z.enum(IMPORT_ACTIONS);
export type ImportAction = z.infer<typeof ImportActionSchema>;

export const ImportCountsSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportedCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  homeAddress: z.string().nullable(),
  notes: z.string(),
  savedAddresses: z.array(z.object({ label: z.string(), address: z.string() })),
});
export type ImportedCustomer = z.infer<typeof ImportedCustomerSchema>;

/** What a file holds: customers (any contacts file), or drivers, vehicles, bookings by template. */
export const ImportKindSchema = z.enum(IMPORT_TEMPLATE_KINDS);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/** A driver as the Driver Import Template stores it (no account: none is invited). */
export const ImportedDriverSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string(),
});
export type ImportedDriver = z.infer<typeof ImportedDriverSchema>;

export const ImportedVehicleSchema = z.object({
  registration: z.string(),
  type: VehicleTypeSchema,
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  year: z.number().int().nullable(),
  seats: z.number().int(),
  isElectric: z.boolean(),
  isWheelchairAccessible: z.boolean(),
  notes: z.string(),
});
export type ImportedVehicle = z.infer<typeof ImportedVehicleSchema>;

/** A booking as the Booking Import Template creates it (status pending, source import). */
export const ImportedBookingSchema = z.object({
  /** The pickup instant (ISO, UTC), read in the business's time zone. */
  pickupTime: z.string(),
  /** The pickup as the file wrote it, in the business's time zone: 'YYYY-MM-DD HH:mm'. */
  pickupWallTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  passengerName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  numPassengers: z.number().int(),
  numSuitcases: z.number().int(),
  vehicleType: VehicleTypeSchema,
  notes: z.string(),
  /** Who the booking is for: a customer found by phone or email, or one created for it. */
  customer: z
    .object({ id: z.string().nullable(), name: z.string(), isNew: z.boolean() })
    .nullable(),
});
export type ImportedBooking = z.infer<typeof ImportedBookingSchema>;

export const PreviewRowSchema = z.object({
  line: z.number().int(),
  action: ImportActionSchema,
  /** Why a row is skipped or failed, what a merge changes, or what a new row left out. */
  reason: z.string().nullable(),
  /**
   * Who or what the row is, as the file gave it (a name, a plate, a passenger
   * and pickup time): the report's name, and all a skipped or failed row shows.
   */
  name: z.string(),
  /** The record a merge goes into: an existing one (with id) or an earlier row of the file. */
  mergeWith: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  /** The customer as it will be stored after this row (null for skip, error and other kinds). */
  customer: ImportedCustomerSchema.nullable(),
  /** For a driver, vehicle or booking import: the record as it will be stored after this row. */
  driver: ImportedDriverSchema.nullable().optional(),
  vehicle: ImportedVehicleSchema.nullable().optional(),
  booking: ImportedBookingSchema.nullable().optional(),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

export const IMPORT_PREVIEW_ROWS = 50;

export const ImportPreviewResponseSchema = z.object({
  kind: ImportKindSchema,
  fileName: z.string(),
  format: z.string(),
  encoding: z.string(),
  /** CSV only: the header row, and the mapping in use (guessed, remembered or sent). */
  headers: z.array(z.string()).nullable(),
  mapping: ColumnMappingSchema.nullable(),
  /** The importer does not know this CSV: the admin checks the mapping before confirming. */
  needsMapping: z.boolean(),
  counts: ImportCountsSchema,
  /** The first 50 rows as they will be stored. */
  rows: z.array(PreviewRowSchema),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

/** A row of the report: every row that was not simply added. */
export const ReportRowSchema = z.object({
  line: z.number().int(),
  action: ImportActionSchema,
  name: z.string(),
  reason: z.string(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ImportSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  counts: ImportCountsSchema,
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportReportSchema = ImportSummarySchema.extend({ rows: z.array(ReportRowSchema) });
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ImportReportResponseSchema = z.object({ report: ImportReportSchema });
export type ImportReportResponse = z.infer<typeof ImportReportResponseSchema>;

export const ImportHistoryResponseSchema = z.object({ imports: z.array(ImportSummarySchema) });
export type ImportHistoryResponse = z.infer<typeof ImportHistoryResponseSchema>;

export const REPORT_CSV_COLUMNS = ['Line', 'Result', 'Name', 'Reason'] as const;
