import { z } from 'zod';
import { calendarDate } from '../api/business-dates';
import { multilineText } from '../api/text';

// Leave: date ranges (business dates, both ends included) when a driver cannot be assigned.

const isoDate = calendarDate();

/** The longest reason a leave takes: the schema and the form's maxLength. */
export const LEAVE_REASON_MAX = 200;

export const LeaveInputSchema = z
  .object({
    startsOn: isoDate,
    endsOn: isoDate,
    reason: multilineText().trim().min(1, 'is required').max(LEAVE_REASON_MAX),
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
