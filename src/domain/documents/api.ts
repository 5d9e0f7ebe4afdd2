import { z } from 'zod';
import { SettingVersionSchema, versionedSettingInput } from '../api/changed-since';
import { multilineText, text } from '../api/text';
import { RoleSchema } from '../access/roles';
import { DOCUMENT_FACT_FIELDS } from './document-changes';
import { expiryBeforeIssueRefusal } from './document-dates';
import { EXPIRY_STATUSES } from './expiry';
import { DOCUMENT_SUBJECTS, DocumentRequirementsSchema } from './requirements';

// The documents API contract (issue 11), shared by server and web.

const isoDate = z.iso.date('enter a date as YYYY-MM-DD');
/** A multipart field: empty means not given. */
const optionalDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((value) => (value ? value : null));

/** The longest text each document field takes: the schemas below and the forms' maxLength. */
export const DOCUMENT_FIELD_MAX = {
  name: 200,
  number: 60,
  notes: 1000,
  reason: 500,
} as const;

export const IdParamsSchema = z.object({ id: z.uuid('is not a document id') });

// ---------------------------------------------------------------------------
// Business documents (Document Manager, spec 2.6)

/** Spec 2.6 category filter, after All Documents. */
export const DOCUMENT_CATEGORIES = ['Policies', 'Forms', 'Reports', 'Training', 'Legal'] as const;
export const DocumentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof DocumentCategorySchema>;
export const ALL_DOCUMENTS = 'All Documents';

/** Spec section 3 and 4: active (green), archived (grey); other statuses show red. */
export const BUSINESS_DOCUMENT_STATUSES = ['active', 'archived'] as const;
export type BusinessDocumentStatus = (typeof BUSINESS_DOCUMENT_STATUSES)[number];

export const DocumentVersionSchema = z.object({
  version: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  expiresOn: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

export const BusinessDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: DocumentCategorySchema,
  status: z.enum(BUSINESS_DOCUMENT_STATUSES),
  sharedWith: z.array(RoleSchema),
  /** The current version's number, file and expiry. */
  version: z.number(),
  type: z.string(),
  size: z.number(),
  expiresOn: z.string().nullable(),
  expiryStatus: z.enum(EXPIRY_STATUSES),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type BusinessDocument = z.infer<typeof BusinessDocumentSchema>;

export const BusinessDocumentListQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  category: DocumentCategorySchema.optional(),
  status: z.enum([...BUSINESS_DOCUMENT_STATUSES, 'all']).default('all'),
});

export const BusinessDocumentListResponseSchema = z.object({
  documents: z.array(BusinessDocumentSchema),
  /** Per category and 'All Documents', over every document (the filter's counts). */
  counts: z.record(z.string(), z.number()),
  /** Active documents expiring within 30 days (or expired), soonest first. */
  expiring: z.array(BusinessDocumentSchema),
});

export const BusinessDocumentDetailSchema = z.object({
  document: BusinessDocumentSchema,
  versions: z.array(DocumentVersionSchema),
});

/** Multipart fields of an upload to the Document Manager. */
export const BusinessDocumentFieldsSchema = z.object({
  name: text()
    .trim()
    .min(1, 'is required')
    .max(DOCUMENT_FIELD_MAX.name, `must be at most ${DOCUMENT_FIELD_MAX.name} characters`),
  category: DocumentCategorySchema,
  expiresOn: optionalDate,
  /** Comma-separated roles (admin always sees every document). */
  sharedWith: text()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(RoleSchema).max(4)),
});
export type BusinessDocumentFields = z.infer<typeof BusinessDocumentFieldsSchema>;

export const NewVersionFieldsSchema = z.object({ expiresOn: optionalDate });

const IdsSchema = z.array(z.uuid('is not a document id')).min(1, 'select a document').max(500);
export const ArchiveDocumentsInputSchema = z.object({ ids: IdsSchema });
export const ShareDocumentsInputSchema = z.object({
  ids: IdsSchema,
  sharedWith: z.array(RoleSchema).max(4),
});
export const BulkResultSchema = z.object({ updated: z.number() });

// ---------------------------------------------------------------------------
// Driver and vehicle documents (spec 2.7, section 5)

export const VERIFICATION_STATES = ['unverified', 'verified', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** An admin's change of the paper's number or a date: who, when, from and to. */
export const FleetDocumentChangeSchema = z.object({
  field: z.enum(DOCUMENT_FACT_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  verificationWithdrawn: z.boolean(),
});

export const FleetDocumentSchema = z.object({
  id: z.string(),
  subject: z.enum(DOCUMENT_SUBJECTS),
  driverId: z.string().nullable(),
  vehicleId: z.string().nullable(),
  type: z.string(),
  typeLabel: z.string(),
  number: z.string(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  status: z.enum(EXPIRY_STATUSES),
  verification: z.enum(VERIFICATION_STATES),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  notes: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  /** Its number's and dates' changes since the upload, oldest first. */
  changes: z.array(FleetDocumentChangeSchema),
});
export type FleetDocument = z.infer<typeof FleetDocumentSchema>;

const ComplianceProblemSchema = z.object({
  subject: z.enum(DOCUMENT_SUBJECTS),
  type: z.string(),
  kind: z.enum(['missing', 'rejected', 'unverified', 'expired']),
  message: z.string(),
  /** The message without the vehicle's plate. */
  detail: z.string(),
  /** The paper at fault: 'driver:<type>' or 'vehicle:<vehicle id>:<type>' (decision 153). */
  key: z.string(),
  /** An expired paper an override in force was granted for: it does not keep the driver from work. */
  isOverridden: z.boolean(),
});

export const ComplianceSchema = z.object({
  isCompliant: z.boolean(),
  hasExpired: z.boolean(),
  hasRejected: z.boolean(),
  isOverridden: z.boolean(),
  problems: z.array(ComplianceProblemSchema),
});

export const OverrideSchema = z.object({
  reason: z.string(),
  endsAt: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

/** The fragment of a driver's page that shows their documents (/admin/drivers/:id#documents). */
export const DRIVER_DOCUMENTS_ANCHOR = 'documents';

/** The query parameter of the Vehicles page that opens a vehicle's documents (?documents=<id>). */
export const VEHICLE_DOCUMENTS_PARAM = 'documents';

/**
 * Why an admin's override would be refused (409): the driver is not
 * suspended (decisions 30, 93, 127), or holds a rejected document, which no
 * override stands in for (decision 88).
 */
export const OVERRIDE_REFUSALS = ['not-suspended', 'rejected'] as const;
export type OverrideRefusal = (typeof OVERRIDE_REFUSALS)[number];

export const DriverDocumentsResponseSchema = z.object({
  requirements: DocumentRequirementsSchema,
  documents: z.array(FleetDocumentSchema),
  vehicle: z
    .object({ id: z.string(), registration: z.string(), documents: z.array(FleetDocumentSchema) })
    .nullable(),
  compliance: ComplianceSchema,
  /** The override in force, if any. */
  override: OverrideSchema.nullable(),
  /** The compliance pass holds an open suspension of the driver's (an expired or rejected paper). */
  isSuspended: z.boolean(),
  /**
   * Why POST /api/drivers/:id/compliance-override would be refused now, by
   * the rule the route applies (`overrideRefusal`); null: an override can be made.
   */
  overrideRefusal: z.enum(OVERRIDE_REFUSALS).nullable(),
});
export type DriverDocumentsResponse = z.infer<typeof DriverDocumentsResponseSchema>;

export const VehicleDocumentsResponseSchema = z.object({
  requirements: DocumentRequirementsSchema,
  documents: z.array(FleetDocumentSchema),
  /** What keeps its drivers from working in it (missing, unverified or expired papers). */
  problems: z.array(ComplianceProblemSchema),
});
export type VehicleDocumentsResponse = z.infer<typeof VehicleDocumentsResponseSchema>;

/**
 * A document cannot expire before it was issued (`expiryBeforeIssueRefusal`).
 * An issue date after today needs the business's day: the routes check it
 * with `documentDatesRefusal`.
 */
function expiryNotBeforeIssue(
  value: { issuedOn?: string | null; expiresOn?: string | null },
  context: z.core.$RefinementCtx,
): void {
  const refusal = expiryBeforeIssueRefusal(value);
  if (refusal) {
    context.addIssue({
      code: 'custom',
      path: [refusal.field],
      message: refusal.message,
      input: value.expiresOn,
    });
  }
}

/** Multipart fields of a driver or vehicle document upload. */
export const FleetDocumentFieldsSchema = z
  .object({
    type: text()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'is not a document type'),
    number: text()
      .trim()
      .max(DOCUMENT_FIELD_MAX.number, `must be at most ${DOCUMENT_FIELD_MAX.number} characters`)
      .default(''),
    issuedOn: optionalDate,
    expiresOn: optionalDate,
    notes: multilineText()
      .trim()
      .max(DOCUMENT_FIELD_MAX.notes, `must be at most ${DOCUMENT_FIELD_MAX.notes} characters`)
      .default(''),
  })
  .superRefine(expiryNotBeforeIssue);
export type FleetDocumentFields = z.infer<typeof FleetDocumentFieldsSchema>;

/** An admin's edit of a record (e.g. its expiry), without a new file. */
export const FleetDocumentUpdateSchema = z
  .object({
    number: text().trim().max(DOCUMENT_FIELD_MAX.number).optional(),
    issuedOn: isoDate.nullable().optional(),
    expiresOn: isoDate.nullable().optional(),
    notes: multilineText().trim().max(DOCUMENT_FIELD_MAX.notes).optional(),
  })
  .superRefine(expiryNotBeforeIssue);

export const RejectDocumentInputSchema = z.object({
  reason: multilineText()
    .trim()
    .min(1, 'is required')
    .max(DOCUMENT_FIELD_MAX.reason, `must be at most ${DOCUMENT_FIELD_MAX.reason} characters`),
});

/** An override lasts at most 7 days (issue 11). */
export const MAX_OVERRIDE_DAYS = 7;
export const OverrideInputSchema = z.object({
  reason: multilineText()
    .trim()
    .min(1, 'is required')
    .max(DOCUMENT_FIELD_MAX.reason, `must be at most ${DOCUMENT_FIELD_MAX.reason} characters`),
  endsAt: z.iso.datetime({ offset: true, message: 'enter a date and time' }),
});

export const FleetDocumentResponseSchema = z.object({ document: FleetDocumentSchema });

/**
 * GET and PUT /api/documents/requirements: the required types, and when they
 * were last saved (null: never, the spec's six apply). Settings → Required
 * Documents sends that version back as expectedUpdatedAt.
 */
export const RequirementsResponseSchema = z.object({
  requirements: DocumentRequirementsSchema,
  version: SettingVersionSchema,
});
export type RequirementsResponse = z.infer<typeof RequirementsResponseSchema>;

/**
 * PUT /api/documents/requirements: the types, and optionally the version the
 * screen was filled from; the requirements saved since by anyone are
 * refused (409) and nothing changes. Left out: not checked (API clients).
 */
export const RequirementsInputSchema = versionedSettingInput(DocumentRequirementsSchema);

/** What a refusal of a save from an out-of-date screen calls the requirements. */
export const REQUIREMENTS_SETTING_NAME = 'The Required Documents setting';

export const ComplianceCheckResponseSchema = z.object({
  suspended: z.number(),
  lifted: z.number(),
  reminders: z.number(),
});
