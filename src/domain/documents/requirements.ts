import { z } from 'zod';
import { text } from '../api/text';

/** Whose document it is: a driver's own papers or a vehicle's. */
export const DOCUMENT_SUBJECTS = ['driver', 'vehicle'] as const;
export type DocumentSubject = (typeof DOCUMENT_SUBJECTS)[number];

/** A document type a driver or vehicle must hold: a stable key and the label people read. */
/** The longest label of a required document type. */
export const REQUIRED_TYPE_LABEL_MAX = 80;

export const RequiredDocumentTypeSchema = z.object({
  key: text()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'use lower-case letters, digits and dashes (at most 40)'),
  label: text()
    .trim()
    .min(1, 'is required')
    .max(REQUIRED_TYPE_LABEL_MAX, `must be at most ${REQUIRED_TYPE_LABEL_MAX} characters`),
});
export type RequiredDocumentType = z.infer<typeof RequiredDocumentTypeSchema>;

function uniqueKeys(types: RequiredDocumentType[]): boolean {
  return new Set(types.map((type) => type.key)).size === types.length;
}

/** The required types per subject: a setting an admin extends (e.g. a medical certificate). */
export const DocumentRequirementsSchema = z.object({
  driver: z
    .array(RequiredDocumentTypeSchema)
    .max(20)
    .refine(uniqueKeys, 'each type key may appear once'),
  vehicle: z
    .array(RequiredDocumentTypeSchema)
    .max(20)
    .refine(uniqueKeys, 'each type key may appear once'),
});
export type DocumentRequirements = z.infer<typeof DocumentRequirementsSchema>;

/**
 * Spec section 5: what WA requires of a passenger-transport driver and
 * vehicle, labelled in the spec's words. The keys are what stored documents
 * match on: they stay as first written ('police-certificate') when a label
 * changes.
 */
export const DEFAULT_DOCUMENT_REQUIREMENTS: DocumentRequirements = {
  driver: [
    { key: 'licence', label: "Driver's licence" },
    { key: 'ptd', label: 'PTD authorization' },
    { key: 'police-certificate', label: 'National police clearance' },
  ],
  vehicle: [
    { key: 'registration', label: 'Registration' },
    { key: 'ptv', label: 'PTV authorization' },
    { key: 'insurance', label: 'Comprehensive insurance with rideshare coverage' },
  ],
};

/**
 * The required types with the spec's six labelled as above, whatever label
 * the setting holds for them: a setting saved before a label changed keeps
 * the old words, and an admin adds types but does not rename the spec's.
 */
export function withSpecLabels(requirements: DocumentRequirements): DocumentRequirements {
  const labelled = (subject: DocumentSubject) =>
    requirements[subject].map(
      (type) =>
        DEFAULT_DOCUMENT_REQUIREMENTS[subject].find((spec) => spec.key === type.key) ?? type,
    );
  return { driver: labelled('driver'), vehicle: labelled('vehicle') };
}

/** The label of a type key, or the key itself when the setting no longer lists it. */
export function documentTypeLabel(
  requirements: DocumentRequirements,
  subject: DocumentSubject,
  key: string,
): string {
  return requirements[subject].find((type) => type.key === key)?.label ?? key;
}

/** A stable key for a type an admin names ('Medical certificate' -> 'medical-certificate'). */
export function documentTypeKey(label: string): string {
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/**
 * What a type's label reads as when two labels are compared: letters and
 * digits only, in lower case, accents dropped ("driver's LICENCE" and
 * "Drivers licence" both read 'driverslicence').
 */
function comparableLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The type of `types` a label names again, ignoring case, spaces and
 * punctuation. Such a label is one type under a second key: every holder of
 * the first would be missing the second, so both sides refuse it.
 */
export function matchingDocumentType(
  types: readonly RequiredDocumentType[],
  label: string,
): RequiredDocumentType | undefined {
  const wanted = comparableLabel(label);
  return types.find((type) => comparableLabel(type.label) === wanted);
}

/** The first type of a list that repeats one listed before it, with the one it repeats. */
export function repeatedDocumentType(
  types: readonly RequiredDocumentType[],
): { type: RequiredDocumentType; existing: RequiredDocumentType } | undefined {
  for (const [index, type] of types.entries()) {
    const existing = matchingDocumentType(types.slice(0, index), type.label);
    if (existing) return { type, existing };
  }
  return undefined;
}

/** The refusal of a type that repeats another: the same words on both sides. */
export function repeatedTypeMessage(label: string, existing: RequiredDocumentType): string {
  return `"${label.trim()}" is the same type as "${existing.label}", which is already required (case, spaces and punctuation aside).`;
}

/** The spec's six types stay required; only types an admin added may be removed. */
export function isSpecRequiredType(subject: DocumentSubject, key: string): boolean {
  return DEFAULT_DOCUMENT_REQUIREMENTS[subject].some((type) => type.key === key);
}
