import { z } from 'zod';
import { trimInvisible } from '../api/text';
import type { CsvRecord } from './parse-file';

/**
 * A template row's cells by the template's own column names, trimmed of
 * spaces and invisible characters (a cell of a zero-width space is blank):
 * the file's headers may be in another order or case (templateKindOf).
 */
export function templateCells<Column extends string>(
  record: CsvRecord,
  columns: readonly Column[],
): Record<Column, string> {
  const byKey = new Map(
    Object.entries(record.row).map(([header, value]) => [header.trim().toLowerCase(), value]),
  );
  const cells = {} as Record<Column, string>;
  for (const column of columns) {
    cells[column] = trimInvisible(byKey.get(column.toLowerCase()) ?? '');
  }
  return cells;
}

/** Every cell of the row is blank. */
export function isBlankRow(cells: Record<string, string>): boolean {
  return Object.values(cells).every((value) => value === '');
}

/**
 * The first problem a feature's own input schema found, as a row's reason
 * naming the template column: 'Driver Phone: Enter a valid phone number,
 * e.g. 0412 345 678, ...'
 */
export function schemaReason(error: z.ZodError, columnOf: Record<string, string>): string {
  const [issue] = error.issues;
  if (!issue) return 'The row cannot be read.';
  const field = String(issue.path[0] ?? '');
  const column = columnOf[field] ?? field;
  const message = issue.message.replace(/\.$/, '');
  return column ? `${column}: ${message}.` : `${message}.`;
}

/**
 * Every problem a feature's input schema found, the first of each field, as
 * schemaReason words it ('Driver Phone: ...'), by field name in the schema's
 * order.
 */
export function schemaReasons(
  error: z.ZodError,
  columnOf: Record<string, string>,
): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!reasons.has(field)) reasons.set(field, schemaReason(new z.ZodError([issue]), columnOf));
  }
  return reasons;
}

/** "yes" or "no" as people write them in a spreadsheet; null when it is neither. */
export function yesNo(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x'].includes(word)) return true;
  if (['no', 'n', 'false', '0', ''].includes(word)) return false;
  return null;
}
