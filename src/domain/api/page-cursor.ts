import { text } from './text';

// Keyset paging for the long lists, newest first (decision 33): a page ends
// at its last row, named by the row's ordering time (ISO 8601 with the
// database's microseconds) and its id, and the next page is the rows before
// that pair, so the thousandth page costs what the first does. Job History
// and the customers list page with it.

/** Where the next page starts: the last row shown (its ordering time and id). */
export type PageCursor = { at: string; id: string };

/** Counting stops here: a list shows "1,000+" rather than reading every match. */
export const PAGE_COUNT_CAP = 1000;

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodePageCursor(cursor: PageCursor): string {
  return `${cursor.at}~${cursor.id}`;
}

/** The cursor, or null when the text is not one this API gave out. */
export function parsePageCursor(value: string): PageCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { at: match[1]!, id: match[2]! };
}

/** The `cursor` query field: absent for the newest page, else a `nextCursor` this API gave. */
export function pageCursorField() {
  return text()
    .max(80)
    .refine((value) => parsePageCursor(value) !== null, 'is not a page cursor')
    .optional();
}
