import { z } from 'zod';
import {
  AdminDashboardResponseSchema,
  businessPeriods,
  DriverProfileResponseSchema,
  DriverSummaryListResponseSchema,
} from '../../../domain/admin';
import { ErrorResponseSchema } from '../../../domain/api';
import { NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import {
  listDriverSummaries,
  loadAlerts,
  loadDashboardStats,
  loadDriverProfile,
} from './admin-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings'] as const;

/** The admin dashboard's live figures and the Driver Dashboard dialog (dashboard:read). */
export const adminDashboardRoutes = defineFeature('admin', SERVICES, async (app) => {
  const { db, settings } = app;

  app.get(
    '/api/admin/dashboard',
    {
      config: { permission: 'dashboard:read' },
      schema: {
        tags: ['admin'],
        summary: "Active drivers, today's bookings and revenue against yesterday, and alerts",
        response: { 200: AdminDashboardResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => {
      const now = new Date();
      const timeZone = await settings.timeZone();
      const stats = await loadDashboardStats(db, businessPeriods(now, timeZone));
      const alerts = await loadAlerts(db, { now, timeZone });
      return {
        generatedAt: now.toISOString(),
        timeZone,
        ...stats,
        alertCount: alerts.total,
        alerts: alerts.alerts,
      };
    },
  );

  app.get(
    '/api/admin/drivers',
    {
      config: { permission: 'dashboard:read' },
      schema: {
        tags: ['admin'],
        summary: 'Every driver by name, for the Driver Dashboard picker',
        response: { 200: DriverSummaryListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ drivers: await listDriverSummaries(db) }),
  );

  app.get(
    '/api/admin/drivers/:id/profile',
    {
      config: { permission: 'dashboard:read' },
      schema: {
        tags: ['admin'],
        summary: "A driver's profile, earnings, performance and recent trips",
        params: z.object({ id: z.uuid() }),
        response: {
          200: DriverProfileResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const timeZone = await settings.timeZone();
      const driver = await loadDriverProfile(
        db,
        request.params.id,
        businessPeriods(new Date(), timeZone),
      );
      if (!driver) throw new NotFound('No such driver.');
      return { driver };
    },
  );
});
