import { desc, eq, sql } from 'drizzle-orm';
import {
  contactKeys,
  planCustomerImport,
  reportRows,
  type CustomerImportPlan,
  type ColumnMapping,
  type ExistingCustomer,
  type ImportCounts,
  type ImportKind,
  type ImportPlan,
  type ImportedCustomer,
  type PreparedContact,
  type ReportRow,
} from '../../../domain/imports';
import type { Database, Executor } from '../../db/database';
import { customers, importColumnMappings, imports, users } from '../../db/schema';
import {
  findCustomersByContacts,
  lockCustomerContacts,
  type CustomerRow,
} from '../customers/customers-repository';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (9 columns a row). */
const INSERT_BATCH = 1000;
/** Merged customers per UPDATE (one JSON parameter, so no parameter limit; about 1 MB at most). */
const UPDATE_BATCH = 1000;

function toExisting(row: CustomerRow): ExistingCustomer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    homeAddress: row.homeAddress,
    notes: row.notes,
    savedAddresses: row.savedAddresses,
  };
}

/** The customers the file's contacts could merge into (same phone or email). */
async function existingFor(db: Executor, prepared: PreparedContact[]): Promise<ExistingCustomer[]> {
  const { phones, emails } = contactKeys(prepared);
  const rows = await findCustomersByContacts(db, phones, emails);
  return rows.map(toExisting);
}

/** What the import would do, without writing anything. */
export async function previewCustomerImport(
  db: Executor,
  prepared: PreparedContact[],
): Promise<CustomerImportPlan> {
  return planCustomerImport(prepared, await existingFor(db, prepared));
}

export type ImportRecord = {
  id: string;
  fileName: string;
  format: string;
  createdAt: Date;
  createdBy: string | null;
  counts: ImportCounts;
  rows: ReportRow[];
};

function customerColumns(values: ImportedCustomer) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    email: values.email,
    homeAddress: values.homeAddress,
    notes: values.notes,
    savedAddresses: values.savedAddresses,
  };
}

/**
 * Writes merged customers' final values, one statement for the whole batch:
 * a file that merges 10,000 contacts into customers on record would
 * otherwise make 10,000 round trips inside the transaction.
 */
async function updateCustomers(tx: Executor, updates: ExistingCustomer[]): Promise<void> {
  const rows = JSON.stringify(
    updates.map((update) => ({
      id: update.id,
      first_name: update.firstName,
      last_name: update.lastName,
      phone: update.phone,
      email: update.email,
      home_address: update.homeAddress,
      notes: update.notes,
      saved_addresses: update.savedAddresses,
    })),
  );
  await tx.execute(sql`
    update ${customers} as c
    set first_name = u.first_name, last_name = u.last_name, phone = u.phone, email = u.email,
        home_address = u.home_address, notes = u.notes, saved_addresses = u.saved_addresses,
        updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as u(
      id uuid, first_name text, last_name text, phone text, email text,
      home_address text, notes text, saved_addresses jsonb
    )
    where c.id = u.id`);
}

/**
 * Imports the contacts in one transaction: the plan is made under the
 * customers' contact lock (so no customer with the same phone or email can
 * appear meanwhile), new customers are inserted, merged ones updated, and the
 * report kept. Any failure rolls back all of it.
 */
export async function importCustomers(
  db: Database,
  input: ImportRun & {
    /** The rows with their rules applied (before the transaction: see prepareInSteps). */
    prepared: PreparedContact[];
    mapping: { headerKey: string; mapping: ColumnMapping } | null;
  },
): Promise<ImportRecord> {
  const { prepared } = input;
  return db.transaction(async (tx) => {
    await lockCustomerContacts(tx);
    const plan = planCustomerImport(prepared, await existingFor(tx, prepared));
    for (let start = 0; start < plan.creates.length; start += INSERT_BATCH) {
      await tx
        .insert(customers)
        .values(plan.creates.slice(start, start + INSERT_BATCH).map(customerColumns));
    }
    for (let start = 0; start < plan.updates.length; start += UPDATE_BATCH) {
      await updateCustomers(tx, plan.updates.slice(start, start + UPDATE_BATCH));
    }
    if (input.mapping) {
      await tx
        .insert(importColumnMappings)
        .values({ headerKey: input.mapping.headerKey, mapping: input.mapping.mapping })
        .onConflictDoUpdate({
          target: importColumnMappings.headerKey,
          set: { mapping: input.mapping.mapping, updatedAt: new Date() },
        });
    }
    return saveImportRecord(tx, { ...input, kind: 'customers', plan });
  });
}

/** Who imported, what and how: what every kind's import keeps in the history. */
export type ImportRun = {
  fileName: string;
  format: string;
  userId: string | null;
};

/**
 * Keeps an import's counts and report (every row not simply added) in the
 * history, inside the import's own transaction.
 */
export async function saveImportRecord(
  tx: Executor,
  input: ImportRun & { kind: ImportKind; plan: ImportPlan },
): Promise<ImportRecord> {
  const { plan } = input;
  const rows = reportRows(plan.rows);
  const [saved] = await tx
    .insert(imports)
    .values({
      kind: input.kind,
      fileName: input.fileName,
      format: input.format,
      totalRows: plan.counts.total,
      importedRows: plan.counts.imported,
      mergedRows: plan.counts.merged,
      skippedRows: plan.counts.skipped,
      errorRows: plan.counts.errors,
      report: rows,
      createdBy: input.userId,
    })
    .returning({ id: imports.id, createdAt: imports.createdAt });
  const createdBy = input.userId ? await userName(tx, input.userId) : null;
  return {
    id: saved!.id,
    fileName: input.fileName,
    format: input.format,
    createdAt: saved!.createdAt,
    createdBy,
    counts: plan.counts,
    rows,
  };
}

async function userName(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

const summaryColumns = {
  id: imports.id,
  fileName: imports.fileName,
  format: imports.format,
  createdAt: imports.createdAt,
  createdBy: users.name,
  total: imports.totalRows,
  imported: imports.importedRows,
  merged: imports.mergedRows,
  skipped: imports.skippedRows,
  errors: imports.errorRows,
};

type SummaryRow = {
  id: string;
  fileName: string;
  format: string;
  createdAt: Date;
  createdBy: string | null;
  total: number;
  imported: number;
  merged: number;
  skipped: number;
  errors: number;
};

function toRecord(row: SummaryRow, rows: ReportRow[]): ImportRecord {
  const { total, imported, merged, skipped, errors, ...rest } = row;
  return { ...rest, counts: { total, imported, merged, skipped, errors }, rows };
}

/** The latest imports, newest first, without their per-row reports. */
export async function listImports(db: Executor, limit: number): Promise<ImportRecord[]> {
  const rows = await db
    .select(summaryColumns)
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
  return rows.map((row) => toRecord(row, []));
}

export async function findImport(db: Executor, id: string): Promise<ImportRecord | null> {
  const [row] = await db
    .select({ ...summaryColumns, report: imports.report })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.createdBy))
    .where(eq(imports.id, id));
  if (!row) return null;
  const { report, ...summary } = row;
  return toRecord(summary, report as ReportRow[]);
}

/** The mapping chosen last time for a CSV with these headers, if any. */
export async function findRememberedMapping(
  db: Executor,
  headerKey: string,
): Promise<ColumnMapping | null> {
  const [row] = await db
    .select({ mapping: importColumnMappings.mapping })
    .from(importColumnMappings)
    .where(eq(importColumnMappings.headerKey, headerKey));
  return (row?.mapping as ColumnMapping | undefined) ?? null;
}
