import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { can } from '../../../domain/access';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  DocumentRequirementsSchema,
  DriverDocumentsResponseSchema,
  documentCorrectionRefusal,
  documentDatesRefusal,
  FleetDocumentFieldsSchema,
  FleetDocumentResponseSchema,
  FleetDocumentUpdateSchema,
  IdParamsSchema,
  RejectDocumentInputSchema,
  REQUIREMENTS_SETTING_NAME,
  RequirementsInputSchema,
  RequirementsResponseSchema,
  VehicleDocumentsResponseSchema,
  repeatedDocumentType,
  repeatedTypeMessage,
  vehicleDocumentProblems,
  verificationRefusal,
  withSpecLabels,
  type DocumentRequirements,
  type RequirementsResponse,
} from '../../../domain/documents';
import { ErrorResponseSchema } from '../../../domain/api';
import { drivers, vehicles } from '../../db/schema';
import { Invalid, NotFound, invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
// The signed-in driver's profile, as the driver app's other routes find it.
import { findDriverByUserId } from '../drivers/drivers-repository';
// The vehicle of the driver's last shift, as the shift start picks it.
import { lastVehicleId } from '../drivers/shift-repository';
import { mailRejection, mailUploadToVerify, runComplianceCheck } from './compliance-check';
import { REQUIREMENTS_SETTING, complianceContext, heldDocuments } from './compliance-repository';
import {
  addFleetDocument,
  findFleetDocument,
  listFleetDocuments,
  rejectFleetDocument,
  updateFleetDocument,
  verifyFleetDocument,
  type FleetOwner,
} from './fleet-documents-repository';
import {
  DOCUMENT_FILE,
  DOCUMENT_NOT_FOUND,
  DOWNLOAD_ERRORS,
  ERRORS,
  MULTIPART_NOTE,
  viewerOf,
  type DocumentsRoutesOptions,
} from './routes-context';
import { readUpload } from './uploads';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

/**
 * Driver and vehicle documents (spec 2.7): the required types, uploads by
 * admins and by drivers, verify and reject, and downloads.
 */
export const fleetDocumentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (
  app,
  { context },
) => {
  const { db, settings } = app;
  const { checkDeps, today, keep, stream, recheck, driverDocuments } = context;

  const requirements = async (): Promise<DocumentRequirements> =>
    withSpecLabels(
      await settings.read(
        REQUIREMENTS_SETTING,
        DocumentRequirementsSchema,
        DEFAULT_DOCUMENT_REQUIREMENTS,
      ),
    );

  /** The requirements and their version (null while never saved), as both routes answer. */
  const requirementsWithVersion = async (): Promise<RequirementsResponse> => ({
    requirements: await requirements(),
    version: (await settings.versions()).get(REQUIREMENTS_SETTING) ?? null,
  });

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
    requirementsWithVersion,
  );

  app.put(
    '/api/documents/requirements',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: "Extend the required types (e.g. a medical certificate); the spec's six stay",
        description:
          'With expectedUpdatedAt (the version GET answered), requirements saved since by anyone are refused (409, changed_since) and nothing changes; left out, nothing is checked.',
        body: RequirementsInputSchema,
        response: {
          200: RequirementsResponseSchema,
          ...PROTECTED_ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...types } = request.body;
      const viewer = await viewerOf(request);
      for (const subject of ['driver', 'vehicle'] as const) {
        for (const required of DEFAULT_DOCUMENT_REQUIREMENTS[subject]) {
          if (!types[subject].some((type) => type.key === required.key)) {
            throw invalidField(subject, `must keep ${required.label} (spec section 5)`);
          }
        }
        // One type under two keys would hold back everyone who has the first.
        const repeated = repeatedDocumentType(withSpecLabels(types)[subject]);
        if (repeated) {
          const problem = repeatedTypeMessage(repeated.type.label, repeated.existing);
          throw new Invalid(problem, { [subject]: problem });
        }
      }
      await settings.write(REQUIREMENTS_SETTING, withSpecLabels(types), viewer.user.id, {
        updatedAt: expectedUpdatedAt,
        what: REQUIREMENTS_SETTING_NAME,
      });
      await runComplianceCheck(checkDeps);
      return requirementsWithVersion();
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
      if (!driver) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      return driverDocuments(driver.id);
    },
  );

  async function uploadFleet(request: FastifyRequest, owner: FleetOwner, userId: string) {
    const { fields, file } = await readUpload(request, FleetDocumentFieldsSchema);
    const subject = 'driverId' in owner ? 'driver' : 'vehicle';
    const datesRefusal = documentDatesRefusal(
      { subject, type: fields.type },
      fields,
      await today(),
    );
    if (datesRefusal) throw invalidField(datesRefusal.field, datesRefusal.message);
    assertRequiredType(await requirements(), subject, fields.type);
    const id = await keep(file, (stored) =>
      db.transaction((tx) => addFleetDocument(tx, owner, fields, stored, userId)),
    );
    await recheck(owner);
    return { document: await fleetDocument(id) };
  }

  const fleetUploadSchema = (summary: string, params?: z.ZodObject) => ({
    tags: ['documents'],
    summary,
    description: `${MULTIPART_NOTE} Fields: type (a required type key), number, issuedOn (YYYY-MM-DD, not after today in the business's time zone), expiresOn (YYYY-MM-DD, not before issuedOn; required for a driver's licence, a PTD authorization, a registration, a PTV authorization and an insurance), notes. The document stays unverified until an admin verifies it.`,
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
      if (!driver) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      const uploaded = await uploadFleet(request, { driverId: driver.id }, viewer.user.id);
      // Nobody else sees a driver's own upload arrive: the office is told to verify it.
      await mailUploadToVerify(checkDeps, driver, uploaded.document);
      return reply.status(201).send(uploaded);
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
          {
            id: vehicle.id,
            registration: vehicle.registration,
            documents: held.get(vehicle.id) ?? [],
          },
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
        description:
          "Each changed number or date is recorded with who changed it and when (the document's `changes`). A verified document whose number or dates change is no longer verified: the verification vouched for the old facts, and an admin verifies it again. Until then it keeps the driver from shifts and jobs as any unverified document does; it suspends nobody.",
        params: IdParamsSchema,
        body: FleetDocumentUpdateSchema,
        response: { 200: FleetDocumentResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const before = await fleetDocument(id);
      const refusal = documentCorrectionRefusal(before, request.body, await today());
      if (refusal) throw invalidField(refusal.field, refusal.message);
      await db.transaction((tx) => updateFleetDocument(tx, id, request.body, viewer.user.id));
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
        description:
          'An expired document (its expiry date before the business day today) is refused with 400 naming expiresOn: it is renewed, not verified.',
        params: IdParamsSchema,
        response: { 200: FleetDocumentResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { id } = request.params;
      const before = await fleetDocument(id);
      const refusal = verificationRefusal(before);
      if (refusal) throw invalidField('expiresOn', refusal);
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
        summary:
          'Reject a document with a reason (it no longer counts); its drivers are mailed the reason',
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
      await mailRejection(checkDeps, before, request.body.reason);
      return { document: await fleetDocument(id) };
    },
  );
};
