import { z } from 'zod';
import { multilineText, personName, text } from '../api/text';
import { BOOKING_FIELD_MAX, CreateBookingInputSchema } from '../bookings/api';
import { INVALID_PHONE_MESSAGE, isBlankOrValidPhone } from '../customers/phone';
import { MAX_MULTI_BOOKING_TIMES } from '../bookings/multi-booking';

// The dispatcher top bar's API contract (Account Code, Send Email, Multi Booking).

/** The longest text each top-bar tool's field takes: the schemas below and the dialogs' maxLength. */
export const DISPATCH_TOOL_FIELD_MAX = {
  accountCode: 20,
  accountName: 120,
  emailTo: 200,
  emailSubject: 200,
  emailMessage: 10_000,
  multiEmail: 200,
} as const;

export const ACCOUNT_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9-]{2,${DISPATCH_TOOL_FIELD_MAX.accountCode}}$`,
);

export const CorporateAccountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type CorporateAccount = z.infer<typeof CorporateAccountSchema>;

export const CreateCorporateAccountInputSchema = z.object({
  code: text()
    .trim()
    .regex(
      ACCOUNT_CODE_PATTERN,
      `use 2 to ${DISPATCH_TOOL_FIELD_MAX.accountCode} letters, digits or dashes`,
    )
    .max(DISPATCH_TOOL_FIELD_MAX.accountCode)
    .transform((code) => code.toUpperCase()),
  name: text().trim().min(1, 'is required').max(DISPATCH_TOOL_FIELD_MAX.accountName),
});
export type CreateCorporateAccountInput = z.input<typeof CreateCorporateAccountInputSchema>;

export const CorporateAccountListResponseSchema = z.object({
  accounts: z.array(CorporateAccountSchema),
});
export const CorporateAccountResponseSchema = z.object({ account: CorporateAccountSchema });

export const SendEmailInputSchema = z.object({
  to: z.email('enter a valid email address').max(DISPATCH_TOOL_FIELD_MAX.emailTo),
  subject: text().trim().min(1, 'is required').max(DISPATCH_TOOL_FIELD_MAX.emailSubject),
  message: multilineText().trim().min(1, 'is required').max(DISPATCH_TOOL_FIELD_MAX.emailMessage),
});
export type SendEmailInput = z.infer<typeof SendEmailInputSchema>;

/** 'sent' with SMTP configured; otherwise the mail waits in the outbox for an admin to read. */
export const SendEmailResponseSchema = z.object({ status: z.enum(['sent', 'kept-in-outbox']) });
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>;

/** The trip every booking of a Multi Booking shares. */
export const MultiBookingTripSchema = CreateBookingInputSchema.pick({
  pickupLocation: true,
  dropoffLocation: true,
  numPassengers: true,
  numSuitcases: true,
  vehicleType: true,
  notes: true,
  customerId: true,
  pickupLat: true,
  pickupLng: true,
  dropoffLat: true,
  dropoffLng: true,
  distanceMeters: true,
  durationSeconds: true,
}).extend({
  passengerName: personName(BOOKING_FIELD_MAX.passengerName),
  phone: text()
    .trim()
    .max(BOOKING_FIELD_MAX.phone)
    .refine(isBlankOrValidPhone, INVALID_PHONE_MESSAGE)
    .default(''),
  email: z
    .union([
      z.email('enter a valid email address').max(DISPATCH_TOOL_FIELD_MAX.multiEmail),
      z.literal(''),
    ])
    .optional(),
  accountCode: text().trim().max(BOOKING_FIELD_MAX.accountCode).optional(),
});

export const MultiBookingInputSchema = z
  .object({
    trip: MultiBookingTripSchema,
    pickupTimes: z
      .array(z.iso.datetime({ offset: true, message: 'enter a date and time' }))
      .min(1, 'add at least one date and time')
      .max(MAX_MULTI_BOOKING_TIMES, `at most ${MAX_MULTI_BOOKING_TIMES} dates and times`),
  })
  .superRefine((input, context) => {
    const seen = new Map<number, number>();
    input.pickupTimes.forEach((time, index) => {
      const instant = new Date(time).getTime();
      const first = seen.get(instant);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['pickupTimes', index],
          message: `is the same as pickupTimes.${first}`,
        });
      } else seen.set(instant, index);
    });
  });
export type MultiBookingInput = z.input<typeof MultiBookingInputSchema>;
