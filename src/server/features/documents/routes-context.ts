import { type FileAnswer } from '../../plugins/openapi';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { ErrorResponseSchema } from '../../../domain/api';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { ACCEPTED_FILE_TYPES, overrideRefusal } from '../../../domain/documents';
import { complianceOverrides, drivers, vehicles } from '../../db/schema';
import { NotFound, Unauthenticated } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { runComplianceCheck, type CheckDeps } from './compliance-check';
import { complianceContext, driverCompliance, openSuspension } from './compliance-repository';
import { listFleetDocuments, type FleetOwner } from './fleet-documents-repository';
import type { StoredUpload } from './uploads';
import { fileStoreFor } from './file-store';
import type { Upload } from './uploads';

// What two or more of the documents route files (business documents, fleet
// documents, compliance) share: answers, the file store, the viewer, the
// recheck after a change and a driver's documents page.

export const ERRORS = {
  ...PROTECTED_ERRORS,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
};
/** A download answers the stored file or says why not; it takes no upload. */
export const DOWNLOAD_ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema };
export const DOCUMENT_FILE: FileAnswer = {
  types: Object.keys(ACCEPTED_FILE_TYPES),
  description:
    'The stored file as an attachment, with the type read from its content when it was uploaded',
};
export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const MULTIPART_NOTE =
  'Send multipart/form-data: the fields below as text parts and one `file` part (PDF, JPEG, PNG, WebP or HEIC, at most 15 MB; the type is read from the content).';

export async function viewerOf(request: FastifyRequest) {
  const viewer = await request.viewer();
  if (!viewer.user) throw new Unauthenticated();
  return { ...viewer, user: viewer.user };
}

/** What the documents route files share, built once by the feature's plugin. */
export type DocumentsContext = ReturnType<typeof documentsContext>;

/** The options each documents route file is registered with. */
export type DocumentsRoutesOptions = { context: DocumentsContext };

export function documentsContext(
  app: Pick<
    FastifyInstance,
    'db' | 'settings' | 'mailer' | 'notifyAdmins' | 'log' | 'liveEvents' | 'config'
  >,
) {
  const { db, settings, mailer, notifyAdmins } = app;
  const store = fileStoreFor(app.config);
  const checkDeps: CheckDeps = { db, mailer, notifyAdmins, log: app.log, bus: app.liveEvents };

  const today = async () => dayInZone(new Date(), await settings.timeZone());

  async function store_(file: Upload): Promise<StoredUpload> {
    const key = await store.put(file.bytes, file.contentType);
    return {
      key,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.bytes.length,
    };
  }

  /** Stores the file, then runs `write`; the file is removed again if the write fails. */
  async function keep<T>(file: Upload, write: (stored: StoredUpload) => Promise<T>): Promise<T> {
    const stored = await store_(file);
    try {
      return await write(stored);
    } catch (error) {
      await store.remove(stored.key).catch(() => undefined);
      throw error;
    }
  }

  async function stream(
    reply: FastifyReply,
    file: { key: string; fileName: string; contentType: string },
  ) {
    const body = await store.open(file.key);
    if (!body) throw new NotFound('The file of this document is missing from the store.');
    return (
      reply
        .header('content-type', file.contentType)
        // An ASCII fallback and the RFC 8187 name, with ' ( ) * percent-encoded too.
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body)
    );
  }

  /** Re-runs the rule for drivers a document change concerns (suspend or lift at once). */
  async function recheck(owner: FleetOwner) {
    const driverIds =
      'driverId' in owner
        ? [owner.driverId]
        : (
            await db
              .select({ id: drivers.id })
              .from(drivers)
              .where(eq(drivers.vehicleId, owner.vehicleId))
          ).map((row) => row.id);
    if (driverIds.length > 0) await runComplianceCheck(checkDeps, new Date(), { driverIds });
  }

  async function driverDocuments(driverId: string) {
    const [driver] = await db
      .select({ id: drivers.id, vehicleId: drivers.vehicleId })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    if (!driver) throw new NotFound('Driver not found.');
    const context = await complianceContext(db);
    const { compliance } = await driverCompliance(db, driverId, { context });
    const [vehicle] = driver.vehicleId
      ? await db
          .select({ id: vehicles.id, registration: vehicles.registration })
          .from(vehicles)
          .where(eq(vehicles.id, driver.vehicleId))
      : [];
    // The override in force that ends last (the pass ends one once nothing it covers has expired).
    const [current] = await db
      .select()
      .from(complianceOverrides)
      .where(
        and(
          eq(complianceOverrides.driverId, driverId),
          gt(complianceOverrides.endsAt, context.now),
          isNull(complianceOverrides.endedAt),
        ),
      )
      .orderBy(desc(complianceOverrides.endsAt))
      .limit(1);
    const isSuspended = (await openSuspension(db, driverId)) !== null;
    return {
      requirements: context.requirements,
      documents: await listFleetDocuments(db, { driverId }, context.requirements, context.today),
      vehicle: vehicle
        ? {
            ...vehicle,
            documents: await listFleetDocuments(
              db,
              { vehicleId: vehicle.id },
              context.requirements,
              context.today,
            ),
          }
        : null,
      compliance,
      override: current
        ? {
            reason: current.reason,
            endsAt: current.endsAt.toISOString(),
            createdBy: current.createdBy,
            createdAt: current.createdAt.toISOString(),
          }
        : null,
      isSuspended,
      // What the override route would say: the panel offers its form only when it would take it.
      overrideRefusal: overrideRefusal(compliance, isSuspended),
    };
  }

  return { checkDeps, today, keep, stream, recheck, driverDocuments };
}
