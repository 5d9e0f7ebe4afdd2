import { CSV_FILE } from '../../plugins/openapi';
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
  importKindOf,
  importTemplateCsv,
  prepareBookings,
  prepareContacts,
  prepareDrivers,
  prepareVehicles,
  readImportFile,
  type ColumnMapping,
  type CsvRecord,
  type ImportFileInput,
  type ImportPlan,
  type ImportProgress,
  type ImportReport,
  type PreparedBooking,
  type PreparedContact,
  type PreparedDriver,
  type PreparedVehicle,
  type ReadFile,
} from '../../../domain/imports';
import type { Executor } from '../../db/database';
import { Invalid, NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../../lib/csv';
import { importBookings, previewBookingImport } from './bookings-import-repository';
import { importDrivers, previewDriverImport } from './drivers-import-repository';
import { createProgressRegistry, prepareInSteps } from './import-progress';
import {
  findImport,
  findRememberedMapping,
  importCustomers,
  listImports,
  previewCustomerImport,
  type ImportRecord,
  type ImportRun,
} from './imports-repository';
import { importVehicles, previewVehicleImport } from './vehicles-import-repository';
import { defineFeature } from '../../plugins/app/feature';

/** A 20 MB file is about 27 MB of base64; the size rule itself is checked on the bytes. */
const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;
const HISTORY_SHOWN = 50;

const IdParamsSchema = z.object({ id: z.uuid('is not an import id') });
const ProgressHeadersSchema = z.object({
  [IMPORT_PROGRESS_HEADER]: z.uuid('is not a progress id').optional(),
});
const TemplateParamsSchema = z.object({ kind: z.enum(IMPORT_TEMPLATE_KINDS) });

/** The file read from the request, or a 400 naming what is wrong with it (and where). */
function readUpload(input: ImportFileInput): ReadFile {
  try {
    return readImportFile(Buffer.from(input.content, 'base64'));
  } catch (error) {
    if (error instanceof ImportFileError) throw new Invalid(error.message, { file: error.message });
    throw error;
  }
}

/** A file's rows with its kind's rules applied, ready to plan. */
type PreparedFile =
  | { kind: 'customers'; prepared: PreparedContact[] }
  | { kind: 'drivers'; prepared: PreparedDriver[] }
  | { kind: 'vehicles'; prepared: PreparedVehicle[] }
  | { kind: 'bookings'; prepared: PreparedBooking[] };

/**
 * The mapping a customers CSV uses: the admin's (only for columns the file
 * has), else the one remembered for these headers, else guessed from the
 * header names. None for a vCard or another kind's template.
 */
async function mappingFor(
  db: Executor,
  file: ReadFile,
  sent: ColumnMapping | undefined,
): Promise<ColumnMapping | null> {
  if (file.kind !== 'csv' || file.template) return null;
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

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings'] as const;

/**
 * Import Manager: customers from CSV (our template, Google, Outlook, any
 * other with a column mapping) and vCard files; drivers, vehicles and
 * bookings from their templates; preview, confirm in one transaction,
 * history with reports, and the templates.
 */
export const importsRoutes = defineFeature('imports', SERVICES, async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;
  const progress = createProgressRegistry();

  /** Records rows processed under the id the client sent, if any. */
  const reporter = (id: string | undefined) => (step: ImportProgress) => {
    if (id) progress.set(id, step);
  };

  /**
   * The file's rows with their kind's rules applied, in steps (most of the
   * work; progress is recorded). The rules need no database: applied before
   * any transaction, so the locks (and PGlite's one connection) are held for
   * less time.
   */
  async function prepareFile(
    file: ReadFile,
    mapping: ColumnMapping | null,
    progressId: string | undefined,
  ): Promise<PreparedFile> {
    const report = reporter(progressId);
    const kind = importKindOf(file);
    const records = file.kind === 'csv' ? file.records : [];
    switch (kind) {
      case 'customers': {
        const contacts = fileContacts(file, mapping ?? {});
        return { kind, prepared: await prepareInSteps(contacts, prepareContacts, report) };
      }
      case 'drivers':
        return { kind, prepared: await prepareInSteps(records, prepareDrivers, report) };
      case 'vehicles': {
        const now = new Date();
        const prepare = (batch: CsvRecord[]) => prepareVehicles(batch, now);
        return { kind, prepared: await prepareInSteps(records, prepare, report) };
      }
      case 'bookings': {
        const rules = { now: new Date(), timeZone: await settings.timeZone() };
        const prepare = (batch: CsvRecord[]) => prepareBookings(batch, rules);
        return { kind, prepared: await prepareInSteps(records, prepare, report) };
      }
      default: {
        const unhandled: never = kind;
        throw new Error(`Unknown import kind ${String(unhandled)}`);
      }
    }
  }

  /** What the file's import would do, against what is on record; writes nothing. */
  function previewPlan(file: PreparedFile): Promise<ImportPlan> {
    switch (file.kind) {
      case 'customers':
        return previewCustomerImport(db, file.prepared);
      case 'drivers':
        return previewDriverImport(db, file.prepared);
      case 'vehicles':
        return previewVehicleImport(db, file.prepared);
      case 'bookings':
        return previewBookingImport(db, file.prepared);
      default: {
        const unhandled: never = file;
        throw new Error(`Unknown import kind ${String(unhandled)}`);
      }
    }
  }

  /**
   * Imports the file in one transaction and keeps its report; whatever the
   * dispatch board must hear is told after the commit.
   */
  async function runImport(
    file: PreparedFile,
    run: ImportRun,
    mapping: { headerKey: string; mapping: ColumnMapping } | null,
  ): Promise<ImportRecord> {
    switch (file.kind) {
      case 'customers':
        return importCustomers(db, { ...run, prepared: file.prepared, mapping });
      case 'drivers': {
        const { record, driverIds } = await importDrivers(db, { ...run, ...file });
        for (const id of driverIds) await bus.publishDriver({ id });
        return record;
      }
      case 'vehicles':
        return importVehicles(db, { ...run, ...file });
      case 'bookings':
        return (await importBookings({ db, settings, bus }, { ...run, ...file })).record;
      default: {
        const unhandled: never = file;
        throw new Error(`Unknown import kind ${String(unhandled)}`);
      }
    }
  }

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
      const prepared = await prepareFile(file, mapping, request.headers[IMPORT_PROGRESS_HEADER]);
      const plan = await previewPlan(prepared);
      return {
        kind: importKindOf(file),
        fileName: request.body.fileName,
        format: file.formatName,
        encoding: file.encoding,
        headers: file.kind === 'csv' ? file.headers : null,
        mapping,
        needsMapping: file.kind === 'csv' && !file.template && file.format === 'mapped',
        counts: plan.counts,
        rows: plan.rows.slice(0, IMPORT_PREVIEW_ROWS),
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
          'Import a file in one transaction: customers (CSV or vCard), or drivers, vehicles or bookings (their templates): new, merged, skipped, errors',
        headers: ProgressHeadersSchema,
        body: ImportFileInputSchema,
        response: { 201: ImportReportResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const file = readUpload(request.body);
      const mapping = await mappingFor(db, file, request.body.mapping);
      const viewer = await request.viewer();
      const run: ImportRun = {
        fileName: request.body.fileName,
        format: file.formatName,
        userId: viewer.user?.id ?? null,
      };
      const prepared = await prepareFile(file, mapping, request.headers[IMPORT_PROGRESS_HEADER]);
      // A mapping the admin made for a CSV the importer did not know is remembered.
      const remembered =
        file.kind === 'csv' && !file.template && file.format === 'mapped' && mapping
          ? { headerKey: headerSetKey(file.headers), mapping }
          : null;
      const record = await runImport(prepared, run, remembered);
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
      config: { permission: 'imports:manage', file: CSV_FILE },
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
      config: { permission: 'imports:manage', file: CSV_FILE },
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
        .send(importTemplateCsv(request.params.kind, new Date()));
    },
  );
});
