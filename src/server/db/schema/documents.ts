import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { drivers } from './drivers';
import { vehicles } from './vehicles';

/** Document Manager (spec 2.6): the business's own documents; each file is a version. */
export const businessDocuments = pgTable(
  'business_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('active'),
    // Roles (besides admin) that may read and download it.
    sharedWith: text('shared_with')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('business_documents_category_idx').on(table.category),
    check(
      'business_documents_category_check',
      sql`${table.category} in ('Policies', 'Forms', 'Reports', 'Training', 'Legal')`,
    ),
    check('business_documents_status_check', sql`${table.status} in ('active', 'archived')`),
  ],
);

/** Every version of a business document is kept: who uploaded it, when, its file. */
export const businessDocumentVersions = pgTable(
  'business_document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => businessDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    expiresOn: date('expires_on'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('business_document_versions_document_version_idx').on(
      table.documentId,
      table.version,
    ),
  ],
);

/**
 * A driver's or a vehicle's document (spec 2.7, section 5). A new upload of
 * a type replaces the current record (replaced_at set) and keeps it on file.
 */
export const fleetDocuments = pgTable(
  'fleet_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    // The PTD number, the plate, the policy number...
    number: text('number').notNull().default(''),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    notes: text('notes').notNull().default(''),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    rejectedReason: text('rejected_reason'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    index('fleet_documents_driver_idx').on(table.driverId, table.type),
    index('fleet_documents_vehicle_idx').on(table.vehicleId, table.type),
    index('fleet_documents_expires_on_idx').on(table.expiresOn),
    check(
      'fleet_documents_one_subject_check',
      sql`(${table.driverId} is null) <> (${table.vehicleId} is null)`,
    ),
  ],
);

/**
 * An admin's change of a driver's or vehicle's document's number or dates:
 * who, when, from and to (null: not given), and whether it withdrew the
 * verification (the document was verified before; the verification vouched
 * for the old facts).
 */
export const fleetDocumentChanges = pgTable(
  'fleet_document_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => fleetDocuments.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    verificationWithdrawn: boolean('verification_withdrawn').notNull().default(false),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fleet_document_changes_document_idx').on(table.documentId, table.changedAt),
    check(
      'fleet_document_changes_field_check',
      sql`${table.field} in ('number', 'issuedOn', 'expiresOn')`,
    ),
  ],
);

/**
 * Expiry reminders sent: once per document and threshold (30, 14, 7, 1 days
 * ahead; -1 once expired), across instances. The document is a driver's or
 * vehicle's (fleet_documents) or a business document's version
 * (business_document_versions: a renewal starts over), hence no foreign key.
 */
export const documentReminders = pgTable(
  'document_reminders',
  {
    documentId: uuid('document_id').notNull(),
    thresholdDays: integer('threshold_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'document_reminders_pk',
      columns: [table.documentId, table.thresholdDays],
    }),
  ],
);

/** Suspensions for expired documents: opened by the check, lifted when in order again. */
export const complianceSuspensions = pgTable(
  'compliance_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (table) => [
    // At most one open suspension per driver: the second instance's insert is a no-op.
    uniqueIndex('compliance_suspensions_open_idx')
      .on(table.driverId)
      .where(sql`${table.liftedAt} is null`),
  ],
);

/**
 * An admin's override of a compliance suspension: a reason, an end (at most
 * 7 days) and the expired papers it was granted for (decision 153).
 */
export const complianceOverrides = pgTable(
  'compliance_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // The keys of the expired problems it covers (`complianceProblemKey`):
    // 'driver:licence', 'vehicle:<id>:registration'. Null: granted before
    // they were recorded; the compliance pass records what it covers then.
    covers: text('covers').array(),
    // Set by the compliance pass once nothing it covers has expired any more.
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('compliance_overrides_driver_idx').on(table.driverId, table.endsAt)],
);
