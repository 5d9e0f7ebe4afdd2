import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../../domain/access';
import {
  ArchiveDocumentsInputSchema,
  BulkResultSchema,
  BusinessDocumentDetailSchema,
  BusinessDocumentFieldsSchema,
  BusinessDocumentListQuerySchema,
  BusinessDocumentListResponseSchema,
  IdParamsSchema,
  NewVersionFieldsSchema,
  renewalExpiryRefusal,
  ShareDocumentsInputSchema,
} from '../../../domain/documents';
import { NotFound, invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import {
  addBusinessVersion,
  archiveBusinessDocuments,
  restoreBusinessDocuments,
  businessVersionFile,
  countBusinessDocuments,
  createBusinessDocument,
  expiringBusinessDocuments,
  listBusinessDocuments,
  listVersions,
  shareBusinessDocuments,
} from './business-documents-repository';
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

const FileQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** Document Manager (spec 2.6): the business's own documents, their versions and sharing. */
export const businessDocumentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (
  app,
  { context },
) => {
  const { db, settings } = app;
  const { today, keep, stream } = context;

  async function businessDetail(id: string) {
    const [document] = await listBusinessDocuments(db, { ids: [id] }, await today());
    if (!document) throw new NotFound(DOCUMENT_NOT_FOUND);
    return { document, versions: await listVersions(db, id) };
  }

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
        description: `${MULTIPART_NOTE} Fields: name, category, expiresOn (YYYY-MM-DD, optional), sharedWith (comma-separated roles). 409 with \`fields.name\` when a current document has the name (case and surrounding spaces aside): upload a new version of that one instead.`,
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
        description: `${MULTIPART_NOTE} Fields: expiresOn (YYYY-MM-DD, optional: none means the new version has no expiry; not before today). 409 when the document is archived and a current one has its name.`,
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
      const expiryRefusal = renewalExpiryRefusal(fields.expiresOn, await today());
      if (expiryRefusal) throw invalidField('expiresOn', expiryRefusal);
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
    '/api/documents/restore',
    {
      config: { permission: 'documents:manage' },
      schema: {
        tags: ['documents'],
        summary: 'Restore archived documents: current again, shared as before',
        description:
          'All or none: 409 when a current document has the name of one of them. Documents not archived are left as they are and not counted.',
        body: ArchiveDocumentsInputSchema,
        response: { 200: BulkResultSchema, ...ERRORS },
      },
    },
    async (request) => ({
      updated: await db.transaction((tx) => restoreBusinessDocuments(tx, request.body.ids)),
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
};
