import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_TEMPLATES,
  IMPORT_TEMPLATE_KINDS,
  ImportFileError,
  ImportFileInputSchema,
  IMPORT_PROGRESS_HEADER,
  ImportHistoryResponseSchema,
  ImportProgressSchema,
  ImportPreviewResponseSchema,
  ImportReportResponseSchema,
  REPORT_CSV_COLUMNS,
  fileContacts,
  guessColumnMapping,
  headerSetKey,
  importTemplateCsv,
  readImportFile,
  type ColumnMapping,
  type ImportFileInput,
  type ImportReport,
  type ReadFile,
} from '../../../domain/imports';
import type { FeatureOptions } from '../../deps';
import type { Executor } from '../../db/database';
import { Invalid, NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../customers/routes';
import { createProgressRegistry, prepareInSteps, type ProgressRegistry } from './import-progress';
import {
  findImport,
  findRememberedMapping,
  importCustomers,
  listImports,
  previewCustomerImport,
  type ImportRecord,
} from './imports-repository';

/** A 20 MB file is about 27 MB of base64; the size rule itself is checked on the bytes. */
const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;
const HISTORY_SHOWN = 50;

const IdParamsSchema = z.object({ id: z.uuid('is not an import id') });
const ProgressHeadersSchema = z.object({
  [IMPORT_PROGRESS_HEADER]: z.uuid('is not a progress id').optional(),
});

/**
 * The file's rows with their rules applied, in steps: progress is recorded
 * under the id the client sent, if any (the rules are most of the work).
 */
function prepareWithProgress(
  progress: ProgressRegistry,
  id: string | undefined,
  contacts: Parameters<typeof prepareInSteps>[0],
) {
  return prepareInSteps(contacts, (step) => {
    if (id) progress.set(id, step);
  });
}
const TemplateParamsSchema = z.object({ kind: z.enum(IMPORT_TEMPLATE_KINDS) });

/** The file read from the request, or a 400 naming what is wrong with it (and where). */
function readUpload(input: ImportFileInput): ReadFile {
  try {
    const file = readImportFile(Buffer.from(input.content, 'base64'));
    if (file.kind === 'csv' && file.template) {
      throw new ImportFileError(
        `This is a ${file.formatName}; only customer imports are available so far.`,
      );
    }
    return file;
  } catch (error) {
    if (error instanceof ImportFileError) throw new Invalid(error.message, { file: error.message });
    throw error;
  }
}

/**
 * The mapping a CSV uses: the admin's (only for columns the file has), else
 * the one remembered for these headers, else guessed from the header names.
 */
async function mappingFor(
  db: Executor,
  file: ReadFile,
  sent: ColumnMapping | undefined,
): Promise<ColumnMapping | null> {
  if (file.kind !== 'csv') return null;
  if (file.format !== 'mapped' && file.format !== 'customer-template') return null;
  const guessed = guessColumnMapping(file.headers);
  if (file.format === 'customer-template') return guessed;
  const base = (await findRememberedMapping(db, headerSetKey(file.headers))) ?? guessed;
  const mapping: ColumnMapping = {};
  for (const header of file.headers) mapping[header] = sent?.[header] ?? base[header] ?? 'ignore';
  return mapping;
}

function toReport(record: ImportRecord): ImportReport {
  return {
    id: record.id,
    fileName: record.fileName,
    format: record.format,
    createdAt: record.createdAt.toISOString(),
    createdBy: record.createdBy,
    counts: record.counts,
    rows: record.rows,
  };
}

function reportCsv(record: ImportRecord): string {
  const data = record.rows.map((row) =>
    [String(row.line), row.action, row.name, row.reason].map(neutralizeFormula),
  );
  return Papa.unparse({ fields: [...REPORT_CSV_COLUMNS], data });
}

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'import';
}

/**
 * Import Manager: customers from CSV (our template, Google, Outlook, any
 * other with a column mapping) and vCard files; preview, confirm in one
 * transaction, history with downloadable reports, and the templates.
 */
export const importsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const { db } = deps;
  const progress = createProgressRegistry();

  app.post(
    '/api/imports/preview',
    {
      config: { permission: 'imports:manage' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['imports'],
        summary:
          'Read a CSV or vCard file and show the first 50 rows as they would be stored; writes nothing',
        headers: ProgressHeadersSchema,
        body: ImportFileInputSchema,
        response: { 200: ImportPreviewResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const file = readUpload(request.body);
      const mapping = await mappingFor(db, file, request.body.mapping);
      const prepared = await prepareWithProgress(
        progress,
        request.headers[IMPORT_PROGRESS_HEADER],
        fileContacts(file, mapping ?? {}),
      );
      const plan = await previewCustomerImport(db, prepared);
      return {
        fileName: request.body.fileName,
        format: file.formatName,
        encoding: file.encoding,
        headers: file.kind === 'csv' ? file.headers : null,
        mapping,
        needsMapping: file.kind === 'csv' && file.format === 'mapped',
        counts: plan.counts,
        rows: plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map(({ name: _name, ...row }) => row),
      };
    },
  );

  app.post(
    '/api/imports',
    {
      config: { permission: 'imports:manage' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['imports'],
        summary:
          'Import a CSV or vCard file of customers in one transaction: new, merged by phone or email, skipped, errors',
        headers: ProgressHeadersSchema,
        body: ImportFileInputSchema,
        response: { 201: ImportReportResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const file = readUpload(request.body);
      const mapping = await mappingFor(db, file, request.body.mapping);
      const viewer = await request.viewer();
      // The rules need no database: applied before the transaction, so the
      // contacts lock (and PGlite's one connection) is held for less time.
      const prepared = await prepareWithProgress(
        progress,
        request.headers[IMPORT_PROGRESS_HEADER],
        fileContacts(file, mapping ?? {}),
      );
      const record = await importCustomers(db, {
        fileName: request.body.fileName,
        format: file.formatName,
        prepared,
        userId: viewer.user?.id ?? null,
        mapping:
          file.kind === 'csv' && file.format === 'mapped' && mapping
            ? { headerKey: headerSetKey(file.headers), mapping }
            : null,
      });
      return reply.status(201).send({ report: toReport(record) });
    },
  );

  app.get(
    '/api/imports/progress/:id',
    {
      config: { permission: 'imports:manage' },
      schema: {
        tags: ['imports'],
        summary:
          'How many rows of a running preview or import this process has checked (404 when it knows none)',
        params: IdParamsSchema,
        response: { 200: ImportProgressSchema, ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const found = progress.get(request.params.id);
      if (!found) throw new NotFound('No import in progress with this id here.');
      return found;
    },
  );

  app.get(
    '/api/imports',
    {
      config: { permission: 'imports:manage' },
      schema: {
        tags: ['imports'],
        summary: 'Import history: the latest 50 imports with their counts, newest first',
        response: { 200: ImportHistoryResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => {
      const records = await listImports(db, HISTORY_SHOWN);
      return {
        imports: records.map(({ rows: _rows, ...summary }) => toReport({ ...summary, rows: [] })),
      };
    },
  );

  app.get(
    '/api/imports/:id',
    {
      config: { permission: 'imports:manage' },
      schema: {
        tags: ['imports'],
        summary: 'One import’s report: counts and every row not simply added, with its reason',
        params: IdParamsSchema,
        response: {
          200: ImportReportResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const record = await findImport(db, request.params.id);
      if (!record) throw new NotFound('No such import.');
      return { report: toReport(record) };
    },
  );

  app.get(
    '/api/imports/:id/report.csv',
    {
      config: { permission: 'imports:manage' },
      schema: {
        tags: ['imports'],
        summary: 'One import’s report as a CSV file (cells that look like formulas are quoted)',
        params: IdParamsSchema,
        response: { 200: z.string(), ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const record = await findImport(db, request.params.id);
      if (!record) throw new NotFound('No such import.');
      const name = `import-report-${safeFileName(record.fileName.replace(/\.[^.]+$/, ''))}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(reportCsv(record));
    },
  );

  app.get(
    '/api/imports/templates/:kind',
    {
      config: { permission: 'imports:manage' },
      schema: {
        tags: ['imports'],
        summary: 'An import template: its header row and one example row, as CSV',
        params: TemplateParamsSchema,
        response: { 200: z.string(), ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const template = IMPORT_TEMPLATES[request.params.kind];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${template.fileName}"`)
        .send(importTemplateCsv(request.params.kind));
    },
  );
};
