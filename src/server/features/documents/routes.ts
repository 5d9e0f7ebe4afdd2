import { type FileAnswer } from '../../plugins/openapi';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { can } from '../../../domain/access';
import { ErrorResponseSchema } from '../../../domain/api';
import { businessDate } from '../../../domain/drivers/leave';
import {
  ArchiveDocumentsInputSchema,
  ACCEPTED_FILE_TYPES,
  BulkResultSchema,
  BusinessDocumentDetailSchema,
  BusinessDocumentFieldsSchema,
  BusinessDocumentListQuerySchema,
  BusinessDocumentListResponseSchema,
  ComplianceCheckResponseSchema,
  DEFAULT_DOCUMENT_REQUIREMENTS,
  DocumentRequirementsSchema,
  DriverDocumentsResponseSchema,
  FleetDocumentFieldsSchema,
  FleetDocumentResponseSchema,
  FleetDocumentUpdateSchema,
  IdParamsSchema,
  MAX_OVERRIDE_DAYS,
  NewVersionFieldsSchema,
  OverrideInputSchema,
  RejectDocumentInputSchema,
  RequirementsResponseSchema,
  ShareDocumentsInputSchema,
  VehicleDocumentsResponseSchema,
  vehicleDocumentProblems,
  type DocumentRequirements,
} from '../../../domain/documents';
import { complianceOverrides, drivers, vehicles } from '../../db/schema';
import { Conflict, NotFound, Unauthenticated, invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { runNow, startScheduler, type ScheduledJob } from '../../lib/scheduled-work';
// The signed-in driver's profile, as the driver app's other routes find it.
import { findDriverByUserId } from '../drivers/drivers-repository';
// The vehicle of the driver's last shift, as the shift start picks it.
import { lastVehicleId } from '../drivers/shift-repository';
import { runComplianceCheck, type CheckDeps } from './compliance-check';
import {
  REQUIREMENTS_SETTING,
  complianceContext,
  driverCompliance,
  heldDocuments,
  openSuspension,
} from './compliance-repository';
import {
  addBusinessVersion,
  addFleetDocument,
  archiveBusinessDocuments,
  businessVersionFile,
  countBusinessDocuments,
  createBusinessDocument,
  expiringBusinessDocuments,
  findFleetDocument,
  listBusinessDocuments,
  listFleetDocuments,
  listVersions,
  rejectFleetDocument,
  shareBusinessDocuments,
  updateFleetDocument,
  verifyFleetDocument,
  type FleetOwner,
  type StoredUpload,
} from './documents-repository';
import { fileStoreFor } from './file-store';
import { readUpload, type Upload } from './uploads';
import { defineFeature } from '../../plugins/app/feature';

const ERRORS = {
  ...PROTECTED_ERRORS,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
};
/** A download answers the stored file or says why not; it takes no upload. */
const DOWNLOAD_ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema };
const DOCUMENT_FILE: FileAnswer = {
  types: Object.keys(ACCEPTED_FILE_TYPES),
  description:
    'The stored file as an attachment, with the type read from its content when it was uploaded',
};
const HOUR_MS = 60 * 60 * 1000;
const FileQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
});
const DOCUMENT_NOT_FOUND = 'Document not found.';
const MULTIPART_NOTE =
  'Send multipart/form-data: the fields below as text parts and one `file` part (PDF, JPEG, PNG, WebP or HEIC, at most 15 MB; the type is read from the content).';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'database', 'live-events', 'settings', 'mail'] as const;

/**
 * Document Manager (spec 2.6), driver and vehicle documents (spec 2.7) and
 * the compliance rules of spec section 5, with the hourly check.
 */
export const documentsRoutes = defineFeature('documents', SERVICES, async (app) => {
  const { db, settings, mailer, notifyAdmins } = app;
  const store = fileStoreFor(app.config);
  const bus = app.liveEvents;
  const checkDeps: CheckDeps = { db, mailer, notifyAdmins, log: app.log, bus };
  // Multipart bodies only for this feature's routes; the size limit is checked while reading.
  await app.register(multipart, { throwFileSizeLimit: true });

  const requirements = (): Promise<DocumentRequirements> =>
    settings.read(REQUIREMENTS_SETTING, DocumentRequirementsSchema, DEFAULT_DOCUMENT_REQUIREMENTS);
  const today = async () => businessDate(new Date(), await settings.timeZone());

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

  async function viewerOf(request: FastifyRequest) {
    const viewer = await request.viewer();
    if (!viewer.user) throw new Unauthenticated();
    return { ...viewer, user: viewer.user };
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
    const overrides = await db
      .select()
      .from(complianceOverrides)
      .where(eq(complianceOverrides.driverId, driverId));
    const current = overrides
      .filter((row) => row.endsAt.getTime() > Date.now())
      .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
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
    };
  }

  async function businessDetail(id: string) {
    const [document] = await listBusinessDocuments(db, { ids: [id] }, await today());
    if (!document) throw new NotFound(DOCUMENT_NOT_FOUND);
    return { document, versions: await listVersions(db, id) };
  }

  async function fleetDocument(id: string) {
    const document = await findFleetDocument(db, id, await requirements(), await today());
    if (!document) throw new NotFound(DOCUMENT_NOT_FOUND);
    return document;
  }

  function ownerOf(document: { driverId: string | null; vehicleId: string | null }): FleetOwner {
    return document.driverId ? { driverId: document.driverId } : { vehicleId: document.vehicleId! };
  }

  function assertRequiredType(
    types: DocumentRequirements,
    subject: 'driver' | 'vehicle',
    type: string,
  ) {
    if (!types[subject].some((required) => required.key === type)) {
      throw invalidField('type', `is not a ${subject} document type`);
    }
  }

  // -------------------------------------------------------------------------
  // Document Manager

  app.get(
    '/api/documents',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Document Manager: documents by name and category, counts, and those expiring',
        querystring: BusinessDocumentListQuerySchema,
        response: { 200: BusinessDocumentListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const day = await today();
      const documents = await listBusinessDocuments(db, request.query, day);
      const all = await listBusinessDocuments(db, { status: 'active' }, day);
      return {
        documents,
        counts: await countBusinessDocuments(db),
        expiring: expiringBusinessDocuments(all, day),
      };
    },
  );

  app.get(
    '/api/documents/shared',
    {
      config: { permission: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: "The active documents shared with the signed-in user's role",
        response: {
          200: z.object({ documents: BusinessDocumentListResponseSchema.shape.documents }),
          ...PROTECTED_ERRORS,
        },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return {
        documents: await listBusinessDocuments(
          db,
          { sharedWithRole: viewer.role, status: 'active' },
          await today(),
        ),
      };
    },
  );

  app.get(
    '/api/documents/:id',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'One document with its version history (who uploaded each, when)',
        params: IdParamsSchema,
        response: { 200: BusinessDocumentDetailSchema, ...ERRORS },
      },
    },
    async (request) => businessDetail(request.params.id),
  );

  app.post(
    '/api/documents',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Upload a document: name, category, optional expiry, roles it is shared with',
        description: `${MULTIPART_NOTE} Fields: name, category, expiresOn (YYYY-MM-DD, optional), sharedWith (comma-separated roles).`,
        consumes: ['multipart/form-data'],
        response: { 201: BusinessDocumentDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { fields, file } = await readUpload(request, BusinessDocumentFieldsSchema);
      const id = await keep(file, (stored) =>
        db.transaction((tx) => createBusinessDocument(tx, fields, stored, viewer.user.id)),
      );
      return reply.status(201).send(await businessDetail(id));
    },
  );

  app.post(
    '/api/documents/:id/versions',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Upload a new version (Renew); the earlier versions are kept',
        description: `${MULTIPART_NOTE} Fields: expiresOn (YYYY-MM-DD, optional).`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: BusinessDocumentDetailSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      await businessDetail(id);
      const { fields, file } = await readUpload(request, NewVersionFieldsSchema);
      await keep(file, async (stored) => {
        const done = await db.transaction((tx) =>
          addBusinessVersion(tx, id, stored, fields.expiresOn, viewer.user.id),
        );
        if (!done) throw new NotFound(DOCUMENT_NOT_FOUND);
        return done;
      });
      return businessDetail(id);
    },
  );

  app.post(
    '/api/documents/archive',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Archive one or more documents (kept, shown grey, no longer shared)',
        body: ArchiveDocumentsInputSchema,
        response: { 200: BulkResultSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => ({
      updated: await db.transaction((tx) => archiveBusinessDocuments(tx, request.body.ids)),
    }),
  );

  app.post(
    '/api/documents/share',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Set the roles one or more documents are shared with',
        body: ShareDocumentsInputSchema,
        response: { 200: BulkResultSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => ({
      updated: await db.transaction((tx) =>
        shareBusinessDocuments(tx, request.body.ids, request.body.sharedWith),
      ),
    }),
  );

  app.get(
    '/api/documents/:id/file',
    {
      config: { permission: 'documents:read', file: DOCUMENT_FILE },
      schema: {
        tags: ['documents'],
        summary: 'Download a version (latest by default) as an attachment',
        description:
          'Admins download any document; other roles only active documents shared with their role.',
        params: IdParamsSchema,
        querystring: FileQuerySchema,
        response: DOWNLOAD_ERRORS,
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const file = await businessVersionFile(db, request.params.id, request.query.version);
      if (!file) throw new NotFound(DOCUMENT_NOT_FOUND);
      const isManager = can(viewer.role, 'documents:manage', await settings.accessTable());
      const isShared =
        viewer.role !== null && file.status === 'active' && file.sharedWith.includes(viewer.role);
      if (!isManager && !isShared) throw new NotFound(DOCUMENT_NOT_FOUND);
      return stream(reply, file);
    },
  );

  // -------------------------------------------------------------------------
  // Driver and vehicle documents

  app.get(
    '/api/documents/requirements',
    {
      config: { permission: 'documents:read' },
      schema: {
        tags: ['documents'],
        summary: 'The document types every driver and every vehicle must hold',
        response: { 200: RequirementsResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ requirements: await requirements() }),
  );

  app.put(
    '/api/documents/requirements',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: "Extend the required types (e.g. a medical certificate); the spec's six stay",
        body: DocumentRequirementsSchema,
        response: { 200: RequirementsResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      for (const subject of ['driver', 'vehicle'] as const) {
        for (const required of DEFAULT_DOCUMENT_REQUIREMENTS[subject]) {
          if (!request.body[subject].some((type) => type.key === required.key)) {
            throw invalidField(subject, `must keep ${required.label} (spec section 5)`);
          }
        }
      }
      await settings.write(REQUIREMENTS_SETTING, request.body, viewer.user.id);
      await runComplianceCheck(checkDeps);
      return { requirements: await requirements() };
    },
  );

  app.get(
    '/api/drivers/:id/documents',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['documents'],
        summary:
          "A driver's documents, their vehicle's, the requirements and whether they may work",
        params: z.object({ id: z.uuid('is not a driver id') }),
        response: { 200: DriverDocumentsResponseSchema, ...ERRORS },
      },
    },
    async (request) => driverDocuments(request.params.id),
  );

  app.get(
    '/api/drivers/me/documents',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['documents'],
        summary: "The signed-in driver's documents and what is missing",
        response: { 200: DriverDocumentsResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const driver = await findDriverByUserId(db, viewer.user.id);
      if (!driver) throw new NotFound('No driver profile is linked to this account.');
      return driverDocuments(driver.id);
    },
  );

  async function uploadFleet(request: FastifyRequest, owner: FleetOwner, userId: string) {
    const { fields, file } = await readUpload(request, FleetDocumentFieldsSchema);
    assertRequiredType(
      await requirements(),
      'driverId' in owner ? 'driver' : 'vehicle',
      fields.type,
    );
    const id = await keep(file, (stored) =>
      db.transaction((tx) => addFleetDocument(tx, owner, fields, stored, userId)),
    );
    await recheck(owner);
    return { document: await fleetDocument(id) };
  }

  const fleetUploadSchema = (summary: string, params?: z.ZodObject) => ({
    tags: ['documents'],
    summary,
    description: `${MULTIPART_NOTE} Fields: type (a required type key), number, issuedOn, expiresOn (YYYY-MM-DD), notes. The document stays unverified until an admin verifies it.`,
    consumes: ['multipart/form-data'],
    ...(params ? { params } : {}),
    response: { 201: FleetDocumentResponseSchema, ...ERRORS },
  });

  app.post(
    '/api/drivers/me/documents',
    {
      config: { permission: 'drivers:self' },
      schema: fleetUploadSchema('Upload one of your own documents (a photo from the phone)'),
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const driver = await findDriverByUserId(db, viewer.user.id);
      if (!driver) throw new NotFound('No driver profile is linked to this account.');
      return reply
        .status(201)
        .send(await uploadFleet(request, { driverId: driver.id }, viewer.user.id));
    },
  );

  app.post(
    '/api/drivers/:id/documents',
    {
      config: { permission: 'fleet:manage' },
      schema: fleetUploadSchema(
        "Upload or replace a driver's document",
        z.object({ id: z.uuid('is not a driver id') }),
      ),
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { id } = request.params as { id: string };
      const [driver] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, id));
      if (!driver) throw new NotFound('Driver not found.');
      return reply.status(201).send(await uploadFleet(request, { driverId: id }, viewer.user.id));
    },
  );

  app.get(
    '/api/vehicles/:id/documents',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['documents'],
        summary: "A vehicle's documents and the types it must hold",
        params: z.object({ id: z.uuid('is not a vehicle id') }),
        response: { 200: VehicleDocumentsResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const [vehicle] = await db
        .select({ id: vehicles.id, registration: vehicles.registration })
        .from(vehicles)
        .where(eq(vehicles.id, request.params.id));
      if (!vehicle) throw new NotFound('Vehicle not found.');
      const context = await complianceContext(db);
      const held = await heldDocuments(db, 'vehicle', [vehicle.id]);
      return {
        requirements: context.requirements,
        documents: await listFleetDocuments(
          db,
          { vehicleId: vehicle.id },
          context.requirements,
          context.today,
        ),
        problems: vehicleDocumentProblems(
          context.requirements,
          { registration: vehicle.registration, documents: held.get(vehicle.id) ?? [] },
          context.today,
        ),
      };
    },
  );

  app.post(
    '/api/vehicles/:id/documents',
    {
      config: { permission: 'fleet:manage' },
      schema: fleetUploadSchema(
        "Upload or replace a vehicle's document",
        z.object({ id: z.uuid('is not a vehicle id') }),
      ),
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { id } = request.params as { id: string };
      const [vehicle] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(eq(vehicles.id, id));
      if (!vehicle) throw new NotFound('Vehicle not found.');
      return reply.status(201).send(await uploadFleet(request, { vehicleId: id }, viewer.user.id));
    },
  );

  app.get(
    '/api/fleet-documents/:id/file',
    {
      config: { permission: 'documents:read', file: DOCUMENT_FILE },
      schema: {
        tags: ['documents'],
        summary: "Download a driver's or vehicle's document as an attachment",
        description:
          'Admins and dispatchers download any; a driver their own documents and those of the vehicle they drive now or drove on their last shift.',
        params: IdParamsSchema,
        response: DOWNLOAD_ERRORS,
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const document = await fleetDocument(request.params.id);
      if (!can(viewer.role, 'fleet:read', await settings.accessTable())) {
        const driver = await findDriverByUserId(db, viewer.user.id);
        if (!driver) throw new NotFound(DOCUMENT_NOT_FOUND);
        // Their own papers, and those of the vehicle they drive (the one on their
        // documents page) or drove on their last shift.
        const isOwn = document.driverId === driver.id;
        const isTheirVehicle =
          document.vehicleId !== null &&
          (document.vehicleId === driver.vehicle?.id ||
            document.vehicleId === (await lastVehicleId(db, driver.id)));
        if (!isOwn && !isTheirVehicle) throw new NotFound(DOCUMENT_NOT_FOUND);
      }
      return stream(reply, { ...document, key: document.fileKey });
    },
  );

  app.patch(
    '/api/fleet-documents/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: "Correct a document's number, dates or notes (the rule is checked again)",
        params: IdParamsSchema,
        body: FleetDocumentUpdateSchema,
        response: { 200: FleetDocumentResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await fleetDocument(id);
      const issuedOn =
        request.body.issuedOn !== undefined ? request.body.issuedOn : before.issuedOn;
      const expiresOn =
        request.body.expiresOn !== undefined ? request.body.expiresOn : before.expiresOn;
      if (issuedOn && expiresOn && expiresOn < issuedOn) {
        throw invalidField('expiresOn', 'must be on or after the issue date');
      }
      await db.transaction((tx) => updateFleetDocument(tx, id, request.body));
      await recheck(ownerOf(before));
      return { document: await fleetDocument(id) };
    },
  );

  app.post(
    '/api/fleet-documents/:id/verify',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Verify a document (an admin has checked it against the original)',
        params: IdParamsSchema,
        response: { 200: FleetDocumentResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const before = await fleetDocument(id);
      await db.transaction((tx) => verifyFleetDocument(tx, id, viewer.user.id));
      await recheck(ownerOf(before));
      return { document: await fleetDocument(id) };
    },
  );

  app.post(
    '/api/fleet-documents/:id/reject',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Reject a document with a reason (it no longer counts)',
        params: IdParamsSchema,
        body: RejectDocumentInputSchema,
        response: { 200: FleetDocumentResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const before = await fleetDocument(id);
      await db.transaction((tx) =>
        rejectFleetDocument(tx, id, request.body.reason, viewer.user.id),
      );
      await recheck(ownerOf(before));
      return { document: await fleetDocument(id) };
    },
  );

  app.post(
    '/api/drivers/:id/compliance-override',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['documents'],
        summary: `Let a driver suspended for expired documents work for a stated reason until a set time (at most ${MAX_OVERRIDE_DAYS} days); logged`,
        description:
          'Covers expired documents only: a missing, rejected or unverified document still blocks the driver. 409 when the driver is not suspended.',
        params: z.object({ id: z.uuid('is not a driver id') }),
        body: OverrideInputSchema,
        response: { 200: DriverDocumentsResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const endsAt = new Date(request.body.endsAt);
      const now = Date.now();
      if (endsAt.getTime() <= now) throw invalidField('endsAt', 'must be in the future');
      if (endsAt.getTime() > now + MAX_OVERRIDE_DAYS * 24 * HOUR_MS) {
        throw invalidField('endsAt', `must be at most ${MAX_OVERRIDE_DAYS} days ahead`);
      }
      const [driver] = await db
        .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
        .from(drivers)
        .where(eq(drivers.id, id));
      if (!driver) throw new NotFound('Driver not found.');
      // An override lifts an expiry suspension, nothing else (decision 30).
      if (!(await openSuspension(db, id))) {
        throw new Conflict(
          `${driver.firstName} ${driver.lastName} is not suspended: an override only lifts a suspension for expired documents.`,
        );
      }
      await db.insert(complianceOverrides).values({
        driverId: id,
        reason: request.body.reason,
        endsAt,
        createdBy: viewer.user.id,
      });
      request.log.info(
        { driverId: id, endsAt: endsAt.toISOString(), by: viewer.user.id },
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
});
