import { z } from 'zod';
import { multilineText, text } from '../api/text';
import { CreateBookingInputSchema } from '../bookings/api';
import { INVALID_PHONE_MESSAGE, normalizeAuPhone } from '../customers/phone';
import { MAX_MULTI_BOOKING_TIMES } from '../bookings/multi-booking';

// The dispatcher top bar's API contract (Account Code, Send Email, Multi Booking).

export const ACCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{2,20}$/;

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
    .regex(ACCOUNT_CODE_PATTERN, 'use 2 to 20 letters, digits or dashes')
    .transform((code) => code.toUpperCase()),
  name: text().trim().min(1, 'is required').max(120),
});
export type CreateCorporateAccountInput = z.input<typeof CreateCorporateAccountInputSchema>;

export const CorporateAccountListResponseSchema = z.object({
  accounts: z.array(CorporateAccountSchema),
});
export const CorporateAccountResponseSchema = z.object({ account: CorporateAccountSchema });

export const SendEmailInputSchema = z.object({
  to: z.email('enter a valid email address').max(200),
  subject: text().trim().min(1, 'is required').max(200),
  message: multilineText().trim().min(1, 'is required').max(10_000),
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
  passengerName: text().trim().min(1, 'is required').max(120),
  phone: text()
    .trim()
    .max(40)
    .refine((value) => value === '' || normalizeAuPhone(value) !== null, INVALID_PHONE_MESSAGE)
    .default(''),
  email: z.union([z.email('enter a valid email address').max(200), z.literal('')]).optional(),
  accountCode: text().trim().max(40).optional(),
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
