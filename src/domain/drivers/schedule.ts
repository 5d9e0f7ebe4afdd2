import { addDays, format, startOfWeek } from 'date-fns';
import { z } from 'zod';
import { calendarDate } from '../api/business-dates';
import { DriverRecordStatusSchema } from './roster';

// Driver Schedules: a week per driver, the jobs each day and the leave that blocks assigning.

export const ScheduleQuerySchema = z.object({
  /** Any date in the week wanted (weeks start on Monday); default: this week. */
  weekOf: calendarDate().optional(),
});

export const ScheduleDaySchema = z.object({
  date: z.string(),
  /** Jobs given to the driver with a pickup that day (cancelled ones left out). */
  jobs: z.number().int(),
  leave: z.object({ id: z.string(), reason: z.string() }).nullable(),
  /** Shifts started that day (a shift past midnight belongs to the day it began); open ones have no end. */
  shifts: z.array(z.object({ startedAt: z.string(), endedAt: z.string().nullable() })),
});

export const ScheduleResponseSchema = z.object({
  days: z.array(z.string()),
  drivers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: DriverRecordStatusSchema,
      days: z.array(ScheduleDaySchema),
    }),
  ),
});
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;

/** The seven business dates (Monday first) of the week holding `date` ('2026-03-05'). */
export function weekDates(date: string): string[] {
  const monday = startOfWeek(new Date(`${date}T12:00:00Z`), { weekStartsOn: 1 });
  return Array.from({ length: 7 }, (_, index) => format(addDays(monday, index), 'yyyy-MM-dd'));
}
