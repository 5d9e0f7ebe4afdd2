import multipart from '@fastify/multipart';
import { defineFeature } from '../../plugins/app/feature';
import { businessDocumentsRoutes } from './business-documents-routes';
import { complianceRoutes } from './compliance-routes';
import { fleetDocumentsRoutes } from './fleet-documents-routes';
import { documentsContext } from './routes-context';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'database', 'live-events', 'settings', 'mail'] as const;

/**
 * Document Manager (spec 2.6), driver and vehicle documents (spec 2.7) and
 * the compliance rules of spec section 5, with the hourly check.
 */
export const documentsRoutes = defineFeature('documents', SERVICES, async (app) => {
  // Multipart bodies only for this feature's routes; the size limit is checked while reading.
  await app.register(multipart, { throwFileSizeLimit: true });
  const context = documentsContext(app);
  await app.register(businessDocumentsRoutes, { context });
  await app.register(fleetDocumentsRoutes, { context });
  await app.register(complianceRoutes, { context });
});
