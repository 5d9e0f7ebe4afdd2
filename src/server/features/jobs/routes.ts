import { CSV_FILE } from '../../plugins/openapi';
import Papa from 'papaparse';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import { centsToNumericText, dollarsToCents } from '../../../domain/format';
import {
  attentionLabel,
  BulkJobsInputSchema,
  BulkJobsResponseSchema,
  JobsQuerySchema,
  JobsResponseSchema,
  MAX_JOBS_EXPORT_ROWS,
  type Job,
} from '../../../domain/jobs';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../../lib/csv';
import { runBulkAction } from './bulk-jobs';
import { listJobs, listJobsForExport, loadJobs } from './jobs-repository';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { defineFeature } from '../../plugins/app/feature';
import { phoneForDisplay } from '../../../domain/customers/phone-display';

const CSV_COLUMNS = [
  'Reference',
  'Pickup time',
  'Vehicle type',
  'Source',
  'Pickup',
  'Destination',
  'Passenger',
  'Phone',
  'Status',
  'Driver',
  'Fare',
  'Account',
  'Needs attention',
] as const;

function jobsCsv(jobs: Job[], timeZone: string): string {
  const data = jobs.map((job) =>
    [
      job.reference,
      format(new TZDate(new Date(job.pickupTime).getTime(), timeZone), 'yyyy-MM-dd HH:mm'),
      job.vehicleType,
      job.source,
      job.pickupLocation,
      job.dropoffLocation,
      job.passengerName,
      phoneForDisplay(job.phone),
      job.status,
      job.driver ? `${job.driver.firstName} ${job.driver.lastName}`.trim() : '',
      centsToNumericText(dollarsToCents(job.fareAmount)),
      job.accountCode ?? '',
      job.attention.map((reason) => attentionLabel(reason, job)).join('; '),
    ].map(neutralizeFormula),
  );
  return Papa.unparse({ fields: [...CSV_COLUMNS], data });
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings'] as const;

/** The dispatcher's Jobs Overview: filtered, sorted, paged list; bulk actions; CSV export. */
export const jobsRoutes = defineFeature('jobs', SERVICES, async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;

  app.get(
    '/api/jobs',
    {
      config: { permission: 'jobs:read' },
      schema: {
        tags: ['jobs'],
        summary: 'Jobs by filters (default: today and the next 7 days), one page, with chip counts',
        description:
          'Pages by keyset cursor in the chosen sort: pass `nextCursor` (or `previousCursor`) back as `cursor`, with the same filters, sort and direction, for the page after (or before) this one; each is `null` at that end. `total` and the chip counts are exact. A cursor of another sort is a 400 naming `cursor`.',
        querystring: JobsQuerySchema,
        response: { 200: JobsResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) =>
      listJobs(db, request.query, {
        now: new Date(),
        timeZone: await settings.timeZone(),
        acknowledgementTimeoutMinutes: (await settings.dispatch()).acknowledgementTimeoutMinutes,
      }),
  );

  app.get(
    '/api/jobs/export.csv',
    {
      config: { permission: 'jobs:read', file: CSV_FILE },
      schema: {
        tags: ['jobs'],
        summary: `The filtered jobs as a CSV file (at most ${MAX_JOBS_EXPORT_ROWS} rows)`,
        querystring: JobsQuerySchema,
        response: { 200: z.string(), ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const timeZone = await settings.timeZone();
      const jobs = await listJobsForExport(db, request.query, {
        now: new Date(),
        timeZone,
        acknowledgementTimeoutMinutes: (await settings.dispatch()).acknowledgementTimeoutMinutes,
        limit: MAX_JOBS_EXPORT_ROWS,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="jobs.csv"')
        .send(jobsCsv(jobs, timeZone));
    },
  );

  app.post(
    '/api/jobs/bulk',
    {
      config: { permission: 'jobs:write' },
      schema: {
        tags: ['jobs'],
        summary:
          'Assign, change status or cancel many jobs in one transaction; each row says whether it was done',
        body: BulkJobsInputSchema,
        response: { 200: BulkJobsResponseSchema, ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const outcome = await runBulkAction(db, request.body, {
        actorUserId: viewer.user?.id ?? null,
        timeZone: await settings.timeZone(),
        tariffs: await settings.tariffs(),
      });
      // Told after the commit, so no open board sees a change that was rolled back.
      const jobs = await loadJobs(
        db,
        outcome.changed.map((item) => item.id),
        new Date(),
      );
      const formerById = new Map(outcome.changed.map((item) => [item.id, item.formerDriverId]));
      for (const { attention: _attention, ...booking } of jobs) {
        const former = formerById.get(booking.id);
        await bus.publishBooking('booking.updated', booking, former ? [former] : []);
      }
      const driverIds = new Set(
        jobs.flatMap((job) => [job.driver?.id ?? [], formerById.get(job.id) ?? []].flat()),
      );
      for (const id of driverIds) await bus.publishDriver({ id });
      return { results: outcome.results };
    },
  );
});
