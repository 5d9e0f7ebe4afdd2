import type { ImportCounts, PreviewRow, ReportRow } from './api';

// The merge rules every import kind shares (customers, drivers, vehicles):
// a record found again keeps its values, an empty field is filled, and a
// different value goes into the record's notes as "Imported: ...", so
// importing the same file twice changes nothing the second time.

/** A row of a plan: the preview row, whose name the report gives it too. */
export type PlannedRow = PreviewRow;

/** What an import would do, row by row. */
export type ImportPlan = { rows: PlannedRow[]; counts: ImportCounts };

/** Notes of customers, drivers and vehicles hold at most this many characters. */
export const NOTES_LIMIT = 2000;

/** What a merge did and what it could not keep within the record's limits. */
export type MergeOutcome = { changes: string[]; leftOut: string[] };

export function emptyOutcome(): MergeOutcome {
  return { changes: [], leftOut: [] };
}

/** Two texts that differ only in case, spacing, commas or full stops are the same. */
export function sameText(a: string | null, b: string | null): boolean {
  const clean = (value: string | null) =>
    (value ?? '')
      .toLowerCase()
      .replace(/[\s,.]+/g, ' ')
      .trim();
  return clean(a) === clean(b);
}

/** A value quoted in a reason, cut to 40 characters. */
export function quoted(text: string): string {
  return `"${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
}

/**
 * Adds a line to a record's notes unless it is there already or would take
 * them past 2,000 characters (then it is left out, and said so).
 */
export function addNote(
  record: { notes: string },
  note: string,
  change: string,
  outcome: MergeOutcome,
): void {
  if (note === '' || record.notes.includes(note)) return;
  const notes = record.notes === '' ? note : `${record.notes}\n${note}`;
  if (notes.length > NOTES_LIMIT) {
    outcome.leftOut.push(
      `the note ${quoted(note)} would take the notes past ${NOTES_LIMIT.toLocaleString('en-AU')} characters`,
    );
    return;
  }
  record.notes = notes;
  outcome.changes.push(change);
}

/** " Not added: ..." for what a row could not bring in, or ''. */
export function leftOutText(leftOut: string[]): string {
  return leftOut.length === 0 ? '' : ` Not added: ${leftOut.join('; ')}.`;
}

/** The counts of a plan's rows. */
export function countRows(rows: readonly { action: PreviewRow['action'] }[]): ImportCounts {
  const counts: ImportCounts = {
    total: rows.length,
    imported: 0,
    merged: 0,
    skipped: 0,
    errors: 0,
  };
  for (const row of rows) {
    switch (row.action) {
      case 'new':
        counts.imported += 1;
        break;
      case 'merge':
        counts.merged += 1;
        break;
      case 'skip':
        counts.skipped += 1;
        break;
      case 'error':
        counts.errors += 1;
        break;
      default: {
        const unhandled: never = row.action;
        throw new Error(`Unknown action ${String(unhandled)}`);
      }
    }
  }
  return counts;
}

/**
 * How a merged row reads: what it changed and what did not fit; a row that
 * finds an existing record already up to date is a skip. A row that changed
 * nothing because what it brought did not fit says so rather than 'Already
 * up to date', which would contradict the 'Not added' after it. The preview
 * and the import's report both read their rows from here.
 */
export function mergedRow(
  base: { line: number; name: string; mergeWith: { id: string | null; name: string } },
  outcome: MergeOutcome,
  matchedBy: string,
): Pick<PlannedRow, 'line' | 'name' | 'action' | 'reason' | 'mergeWith'> {
  const { line, name, mergeWith } = base;
  const { changes, leftOut } = outcome;
  const matched = `Same ${matchedBy} as ${mergeWith.name}`;
  const action = mergeWith.id !== null && changes.length === 0 ? 'skip' : 'merge';
  const reason =
    changes.length > 0
      ? `${matched}: ${changes.join(', ')}.${leftOutText(leftOut)}`
      : leftOut.length > 0
        ? `${matched}, left unchanged.${leftOutText(leftOut)}`
        : mergeWith.id !== null
          ? `Already up to date: ${mergeWith.name}.`
          : `${matched}: nothing new.`;
  return { line, name, action, reason, mergeWith };
}

/**
 * The report keeps every row that was not simply added (a new row that left
 * something out is not), with its line and reason.
 */
export function reportRows(rows: PlannedRow[]): ReportRow[] {
  return rows
    .filter((row) => row.action !== 'new' || row.reason !== null)
    .map((row) => ({
      line: row.line,
      action: row.action,
      name: row.name,
      reason: row.reason ?? '',
    }));
}
