import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export type ImportReportRow = { line: number; action: string; name: string; reason: string };

/** Import history: one row per confirmed import, with its counts and per-row report. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What was imported: 'customers' (drivers, vehicles and bookings later). */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    totalRows: integer('total_rows').notNull(),
    importedRows: integer('imported_rows').notNull(),
    mergedRows: integer('merged_rows').notNull(),
    skippedRows: integer('skipped_rows').notNull(),
    errorRows: integer('error_rows').notNull(),
    /** Every row that was not simply added: line, result, name and reason. */
    report: jsonb('report').$type<ImportReportRow[]>().notNull().default([]),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('imports_created_at_idx').on(table.createdAt)],
);

/** The column mapping an admin chose for a CSV, remembered for the next file with the same headers. */
export const importColumnMappings = pgTable('import_column_mappings', {
  headerKey: text('header_key').primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
