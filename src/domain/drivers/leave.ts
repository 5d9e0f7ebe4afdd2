import { z } from 'zod';
import { calendarDate } from '../api/business-dates';
import { multilineText } from '../api/text';
import { dayInZone } from '../bookings/wall-time';
import { formatDateTime } from '../format/dates';

// Leave: date ranges (business dates, both ends included) when a driver cannot be assigned.

const isoDate = calendarDate();

/** The longest reason a leave takes: the schema and the form's maxLength. */
export const LEAVE_REASON_MAX = 200;

const leaveFields = {
  startsOn: isoDate,
  endsOn: isoDate,
  reason: multilineText().trim().min(1, 'is required').max(LEAVE_REASON_MAX),
};
const endsOnOrAfterStart = (leave: { startsOn: string; endsOn: string }) =>
  leave.endsOn >= leave.startsOn;
const endsBeforeStart = { message: 'must be on or after the start date', path: ['endsOn'] };

export const LeaveInputSchema = z.object(leaveFields).refine(endsOnOrAfterStart, endsBeforeStart);
export type LeaveInput = z.infer<typeof LeaveInputSchema>;

/** Mark Unavailable's body: the leave, and whether its clashing jobs go back to dispatch. */
export const AddLeaveBodySchema = z
  .object({
    ...leaveFields,
    returnJobs: z
      .boolean()
      .default(false)
      .describe("Return the driver's assigned jobs in the leave to dispatch (pending, flagged)"),
  })
  .refine(endsOnOrAfterStart, endsBeforeStart);
export type AddLeaveBody = z.input<typeof AddLeaveBodySchema>;

export const LeaveClashQuerySchema = z
  .object({ startsOn: isoDate, endsOn: isoDate })
  .refine(endsOnOrAfterStart, endsBeforeStart);

/** A job given to the driver, not yet started, with a pickup on a day of the leave. */
export const LeaveClashSchema = z.object({
  id: z.string(),
  reference: z.string(),
  pickupTime: z.string(),
});
export type LeaveClash = z.infer<typeof LeaveClashSchema>;

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

/**
 * Whether a pickup falls in a leave: its business date (the time zone's day)
 * is one of the leave's. The rule that refuses assigning a driver on leave.
 */
export function leaveCoversPickup(
  leave: { startsOn: string; endsOn: string },
  pickupTime: Date | string,
  timeZone: string,
): boolean {
  return leaveCovering([leave], dayInZone(pickupTime, timeZone)) !== null;
}

/** The reason a job handed back for a leave carries ('Driver on leave: Family wedding'). */
export function leaveReturnReason(reason: string): string {
  return `Driver on leave: ${reason}`;
}

/** 'Jack Thompson has 1 job in this leave: GZRY8N, Dec 14, 2026, 4:05 pm.' */
export function leaveClashMessage(
  driverName: string,
  clashes: readonly LeaveClash[],
  timeZone: string,
): string {
  const jobs = clashes
    .map((job) => `${job.reference}, ${formatDateTime(job.pickupTime, timeZone)}`)
    .join('; ');
  const count = `${clashes.length} job${clashes.length === 1 ? '' : 's'}`;
  return `${driverName} has ${count} in this leave: ${jobs}.`;
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
