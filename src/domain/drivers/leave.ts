import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { multilineText } from '../api/text';

// Leave: date ranges (business dates, both ends included) when a driver cannot be assigned.

const isoDate = z.iso.date('enter a date as YYYY-MM-DD');

export const LeaveInputSchema = z
  .object({
    startsOn: isoDate,
    endsOn: isoDate,
    reason: multilineText().trim().min(1, 'is required').max(200),
  })
  .refine((leave) => leave.endsOn >= leave.startsOn, {
    message: 'must be on or after the start date',
    path: ['endsOn'],
  });
export type LeaveInput = z.infer<typeof LeaveInputSchema>;

export const LeaveSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Leave = z.infer<typeof LeaveSchema>;

/** The calendar date ('2026-03-05') an instant falls on in the business's time zone. */
export function businessDate(instant: Date, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
}

/** The leave that covers a business date, if any (ISO dates compare as text). */
export function leaveCovering<T extends { startsOn: string; endsOn: string }>(
  leaves: readonly T[],
  date: string,
): T | null {
  return leaves.find((leave) => leave.startsOn <= date && date <= leave.endsOn) ?? null;
}

/** Why dispatch cannot give a job on that day to a driver on leave. */
export function leaveRefusal(
  driverName: string,
  leave: { startsOn: string; endsOn: string; reason: string },
): string {
  const range =
    leave.startsOn === leave.endsOn
      ? `on ${leave.startsOn}`
      : `from ${leave.startsOn} to ${leave.endsOn}`;
  return `${driverName} is unavailable ${range} (${leave.reason}) and cannot be assigned a job that day.`;
}
