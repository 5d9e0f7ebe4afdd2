import { z } from 'zod';
import {
  AdminDashboardResponseSchema,
  businessPeriods,
  DriverProfileResponseSchema,
  DriverSummaryListResponseSchema,
} from '../../../domain/admin';
import { can, canAccessArea } from '../../../domain/access';
import { ErrorResponseSchema } from '../../../domain/api';
import { NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { listDriverSummaries, loadDashboardStats, loadDriverProfile } from './admin-repository';
import { loadAlerts } from './alerts';
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
        description:
          "Each alert names what it is about (bookingId, driverId, vehicleId) and where it is dealt with (href): a booking's in Dispatch when the viewer's role may act on bookings there, else on the dashboard (/admin?booking=).",
        response: { 200: AdminDashboardResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const now = new Date();
      const timeZone = await settings.timeZone();
      const stats = await loadDashboardStats(db, businessPeriods(now, timeZone));
      // A booking's alert leads to Dispatch for a viewer who may act on it there.
      const { role } = await request.viewer();
      const table = await settings.accessTable();
      const opensDispatch =
        canAccessArea(role, 'dispatch', table) && can(role, 'bookings:write', table);
      const alerts = await loadAlerts(db, { now, timeZone, opensDispatch });
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
