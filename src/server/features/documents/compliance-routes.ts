import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ComplianceCheckResponseSchema,
  DriverDocumentsResponseSchema,
  expiredProblemKeys,
  MAX_OVERRIDE_DAYS,
  OverrideInputSchema,
  overrideEndRefusal,
  overrideRefusal,
  overrideRefusalMessage,
} from '../../../domain/documents';
import { complianceOverrides, drivers } from '../../db/schema';
import { Conflict, NotFound, invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { runNow, startScheduler, type ScheduledJob } from '../../lib/scheduled-work';
import { runComplianceCheck } from './compliance-check';
import { driverCompliance, openSuspension } from './compliance-repository';
import { ERRORS, viewerOf, type DocumentsRoutesOptions } from './routes-context';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The compliance rules of spec section 5: the override of an expiry
 * suspension, the check on demand, and the check at start and hourly.
 */
export const complianceRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (
  app,
  { context },
) => {
  const { db } = app;
  const { checkDeps, recheck, driverDocuments } = context;

  app.post(
    '/api/drivers/:id/compliance-override',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: `Let a driver suspended for expired documents work for a stated reason until a set time (at most ${MAX_OVERRIDE_DAYS} days); logged`,
        description:
          'Covers the documents expired now only (their problem keys are recorded): a missing, rejected or unverified document still blocks the driver, and a document that expires later suspends them. The override ends once nothing it covers has expired any more. 409 when the driver is not suspended.',
        params: z.object({ id: z.uuid('is not a driver id') }),
        body: OverrideInputSchema,
        response: { 200: DriverDocumentsResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const endsAt = new Date(request.body.endsAt);
      const endRefusal = overrideEndRefusal(endsAt, new Date());
      if (endRefusal) throw invalidField('endsAt', endRefusal);
      const [driver] = await db
        .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
        .from(drivers)
        .where(eq(drivers.id, id));
      if (!driver) throw new NotFound('Driver not found.');
      // An override lifts an expiry suspension, nothing else (decisions 30, 88):
      // the one rule the driver's documents answer carries too.
      const { compliance } = await driverCompliance(db, id);
      const refusal = overrideRefusal(compliance, (await openSuspension(db, id)) !== null);
      if (refusal) {
        throw new Conflict(
          overrideRefusalMessage(refusal, `${driver.firstName} ${driver.lastName}`),
        );
      }
      // It covers the papers expired now, not one that expires later (decision 153).
      const covers = expiredProblemKeys(compliance);
      await db.insert(complianceOverrides).values({
        driverId: id,
        reason: request.body.reason,
        endsAt,
        covers,
        createdBy: viewer.user.id,
      });
      request.log.info(
        { driverId: id, endsAt: endsAt.toISOString(), covers, by: viewer.user.id },
        'Compliance suspension overridden',
      );
      await recheck({ driverId: id });
      return driverDocuments(id);
    },
  );

  app.post(
    '/api/compliance/check',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Run the document check now (it also runs at start and hourly)',
        response: { 200: ComplianceCheckResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => runComplianceCheck(checkDeps),
  );

  // The check at every start (even a restart within the hour), then hourly,
  // once at a time across instances.
  const job: ScheduledJob = {
    name: 'document-compliance',
    everyMs: HOUR_MS,
    run: async () => void (await runComplianceCheck(checkDeps)),
  };
  const scheduler = startScheduler(db, [job], (failed, error) =>
    app.log.error({ err: error, job: failed.name }, 'A scheduled job failed'),
  );
  let startRun: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    startRun = runNow(db, job).catch((error: unknown) =>
      app.log.error({ err: error }, 'The document check at start failed'),
    );
  });
  app.addHook('onClose', async () => {
    await startRun;
    await scheduler.stop();
  });
};
