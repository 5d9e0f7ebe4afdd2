import { z } from 'zod';
import { pageCursorField } from '../api/page-cursor';
import {
  multilineText,
  optionalPersonName,
  personName,
  queryNumber,
  SEARCH_TEXT_MAX,
  text,
} from '../api/text';
import { BookingStatusSchema } from '../bookings/status-schema';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { INVALID_PHONE_MESSAGE, normalizeAuPhone } from './phone';

// The customers API contract (DESIGN section 4), shared by server and web.

export const MAX_SAVED_ADDRESSES = 20;
export const CUSTOMER_PAGE_SIZE = 50;
export const MAX_CUSTOMER_PAGE_SIZE = 200;
/** Spec section 9: the profile shows the latest 5 bookings. */
export const RECENT_BOOKINGS_SHOWN = 5;

/** Blank text means "not set" (null). */
function blankToNull(value: string): string | null {
  return value === '' ? null : value;
}

/** The longest address SMTP carries (RFC 5321); also what the email index takes. */
export const CUSTOMER_EMAIL_MAX = 254;
/** The longest text each customer field takes: the schemas below and the form's maxLength. */
export const CUSTOMER_FIELD_MAX = {
  firstName: 100,
  lastName: 100,
  email: CUSTOMER_EMAIL_MAX,
  phone: 40,
  homeAddress: 300,
  notes: 2000,
  savedAddressLabel: 60,
  savedAddress: 300,
} as const;

const firstName = personName(CUSTOMER_FIELD_MAX.firstName);
const lastName = optionalPersonName(CUSTOMER_FIELD_MAX.lastName);
const email = z
  .union([z.email('enter a valid email address').max(CUSTOMER_EMAIL_MAX), z.literal('')])
  .transform((value) => blankToNull(value.toLowerCase()));
const phone = text()
  .trim()
  .max(CUSTOMER_FIELD_MAX.phone)
  .transform((value, context) => {
    if (value === '') return null;
    const normalized = normalizeAuPhone(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });
const homeAddress = text().trim().max(CUSTOMER_FIELD_MAX.homeAddress).transform(blankToNull);
const preferredVehicleType = z
  .union([VehicleTypeSchema, z.literal('')])
  .nullable()
  .transform((value) => (value === '' ? null : value));
const notes = multilineText().trim().max(CUSTOMER_FIELD_MAX.notes);

export const SavedAddressSchema = z.object({
  label: text().trim().min(1, 'is required').max(CUSTOMER_FIELD_MAX.savedAddressLabel),
  address: text().trim().min(1, 'is required').max(CUSTOMER_FIELD_MAX.savedAddress),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** A saved address label as two are compared: case and surrounding spaces aside. */
function labelKey(label: string): string {
  return label.trim().toLowerCase();
}

/**
 * The saved addresses whose label repeats an earlier one's, case and
 * surrounding spaces aside (two 'Home's leave a booker guessing which is
 * meant): each one's index, with the number (from 1) of the address it repeats.
 */
export function repeatedSavedAddressLabels(
  addresses: readonly { label: string }[],
): { index: number; repeats: number }[] {
  const firstWith = new Map<string, number>();
  const repeated: { index: number; repeats: number }[] = [];
  addresses.forEach(({ label }, index) => {
    const key = labelKey(label);
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, index);
    else repeated.push({ index, repeats: first + 1 });
  });
  return repeated;
}

/**
 * `label`, or 'label 2', 'label 3' and so on: the first no address of
 * `addresses` has, within the label's length limit (an import adding a
 * customer's second Work address names it 'Work 2').
 */
export function freeSavedAddressLabel(
  addresses: readonly { label: string }[],
  label: string,
): string {
  const taken = new Set(addresses.map((saved) => labelKey(saved.label)));
  const base = label.trim();
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? '' : ` ${number}`;
    const candidate =
      base.slice(0, CUSTOMER_FIELD_MAX.savedAddressLabel - suffix.length).trimEnd() + suffix;
    if (!taken.has(labelKey(candidate))) return candidate;
  }
}

/** The refusal of a label that repeats saved address number `repeats`'s (its field is the label). */
export function repeatedLabelMessage(label: string, repeats: number): string {
  return `"${label.trim()}" is already the label of saved address ${repeats}`;
}

const savedAddresses = z
  .array(SavedAddressSchema)
  .max(MAX_SAVED_ADDRESSES, `at most ${MAX_SAVED_ADDRESSES} saved addresses`)
  .superRefine((addresses, context) => {
    for (const { index, repeats } of repeatedSavedAddressLabels(addresses)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'label'],
        message: repeatedLabelMessage(addresses[index]!.label, repeats),
      });
    }
  });

/**
 * POST /api/customers. Optional text may be left blank; email must look like
 * one, and a phone must be a valid number, Australian unless it starts with +
 * and a country code (stored in E.164).
 * Totals are derived from bookings and never accepted here.
 */
export const CustomerInputSchema = z.object({
  firstName,
  lastName: lastName.default(''),
  email: email.nullish().transform((value) => value ?? null),
  phone: phone.nullish().transform((value) => value ?? null),
  homeAddress: homeAddress.nullish().transform((value) => value ?? null),
  preferredVehicleType: preferredVehicleType.optional().transform((value) => value ?? null),
  notes: notes.default(''),
  savedAddresses: savedAddresses.default([]),
});
/** What a client sends. */
export type CustomerInput = z.input<typeof CustomerInputSchema>;
/** What the server stores. */
export type CustomerValues = z.output<typeof CustomerInputSchema>;

/** PATCH /api/customers/:id: only the fields sent change; blank clears an optional one. */
export const CustomerUpdateSchema = z.object({
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  email: email.nullable().optional(),
  phone: phone.nullable().optional(),
  homeAddress: homeAddress.nullable().optional(),
  preferredVehicleType: preferredVehicleType.optional(),
  notes: notes.optional(),
  savedAddresses: savedAddresses.optional(),
});
export type CustomerUpdate = z.input<typeof CustomerUpdateSchema>;
export type CustomerChanges = z.output<typeof CustomerUpdateSchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  homeAddress: z.string().nullable(),
  preferredVehicleType: z.string().nullable(),
  notes: z.string(),
  savedAddresses: z.array(z.object({ label: z.string(), address: z.string() })),
  totalBookings: z.number().int(),
  /** Dollars, at most 2 decimals. */
  totalSpent: z.number(),
  /** ISO 8601 instant, or null when the customer has never booked. */
  lastBookingDate: z.string().nullable(),
  /** The earliest pickup still to come (not cancelled or finished), ISO 8601, or null. */
  nextBookingDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerListQuerySchema = z
  .object({
    q: text().trim().max(SEARCH_TEXT_MAX).optional(),
    limit: queryNumber(z.number().int().min(1).max(MAX_CUSTOMER_PAGE_SIZE)).default(
      CUSTOMER_PAGE_SIZE,
    ),
    /** `nextCursor` of the previous page (keyset, newest first); absent for the first page. */
    cursor: pageCursorField(),
    /**
     * Rows to skip, for numbered pages (the older way to page, kept for its
     * callers): a deep offset reads every row before it. The total is then exact.
     */
    offset: queryNumber(z.number().int().min(0).max(10_000_000)).optional(),
  })
  .refine((query) => query.cursor === undefined || query.offset === undefined, {
    path: ['offset'],
    message: 'cannot be sent with cursor',
  });
export type CustomerListQuery = z.input<typeof CustomerListQuerySchema>;

export const CustomerListResponseSchema = z.object({
  customers: z.array(CustomerSchema),
  /**
   * How many customers match the query, over all pages: exact when paging by
   * offset, else counted up to PAGE_COUNT_CAP.
   */
  total: z.number().int(),
  /** True when more than `total` match. */
  totalIsCapped: z.boolean(),
  /** Pass as `cursor` for the next (older) page; null after the last match. */
  nextCursor: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof CustomerListResponseSchema>;

export const CustomerExportQuerySchema = z.object({
  q: text().trim().max(SEARCH_TEXT_MAX).optional(),
});

export const CustomerBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  pickupTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  status: BookingStatusSchema,
  /** Dollars. */
  fareAmount: z.number(),
});
export type CustomerBooking = z.infer<typeof CustomerBookingSchema>;

export const CustomerDetailResponseSchema = z.object({
  customer: CustomerSchema,
  /** The five most recent bookings by pickup time, latest first. */
  recentBookings: z.array(CustomerBookingSchema),
});
export type CustomerDetailResponse = z.infer<typeof CustomerDetailResponseSchema>;

export const CustomerResponseSchema = z.object({ customer: CustomerSchema });
export type CustomerResponse = z.infer<typeof CustomerResponseSchema>;
