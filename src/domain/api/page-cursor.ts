import { text } from './text';

// Keyset paging for the long lists (decision 33): a page ends at its last
// row, named by the row's ordering time (ISO 8601 with the database's
// microseconds) and its id, and the next page is the rows past that pair, so
// the thousandth page costs what the first does. Job History and the
// customers list page with it newest first; the Jobs Overview (decision 70)
// sorts by another column first and pages both ways, so its cursors also
// carry that column's value (`key`) and, for the page before, `isBackward`;
// it lists a shuttle run's stops, which share a pickup time, in their order,
// so its cursors carry the row's place in its run too (`stop`).
//
// The text: `[b~][=<key>~ | !~]<at>~[<stop>~]<id>`. `b` marks a page before
// the row; `=<key>` is the sort column's value (any text, `~` included: the
// cursor is read from its end), `!` a null value (a job without a driver);
// `<stop>` the row's place in its shuttle run. A list by time alone sends
// plain `<at>~<id>`.

/** Where a page starts: the row next to it (its sort value, ordering time and id). */
export type PageCursor = {
  at: string;
  id: string;
  /** The sort column's value as the database gives it as text; null for none; absent for lists by time. */
  key?: string | null;
  /** The row's place in its shuttle run (0 outside one), in a list that orders a run's stops; absent elsewhere. */
  stop?: number;
  /** The page is the rows before this one (Previous), not after it. */
  isBackward?: boolean;
};

/** Counting stops here: a list shows "1,000+" rather than reading every match. */
export const PAGE_COUNT_CAP = 1000;

/** A sorted list's cursor at its longest: a sort value of two 100-character names, the time and the id. */
const SORTED_CURSOR_MAX_LENGTH = 400;
const TIME_CURSOR_MAX_LENGTH = 80;

const CURSOR_PATTERN =
  /^(b~)?(?:(=[\s\S]*|!)~)?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z)~(?:(\d{1,4})~)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodePageCursor(cursor: PageCursor): string {
  const key = cursor.key === undefined ? '' : cursor.key === null ? '!~' : `=${cursor.key}~`;
  const stop = cursor.stop === undefined ? '' : `${cursor.stop}~`;
  return `${cursor.isBackward ? 'b~' : ''}${key}${cursor.at}~${stop}${cursor.id}`;
}

/** The cursor, or null when the text is not one this API gave out. */
export function parsePageCursor(value: string): PageCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match || Number.isNaN(Date.parse(match[3]!))) return null;
  const [, backward, key, at, stop, id] = match as unknown as [
    string,
    string | undefined,
    string | undefined,
    string,
    string | undefined,
    string,
  ];
  return {
    at,
    id,
    ...(key === undefined ? {} : { key: key === '!' ? null : key.slice(1) }),
    ...(stop === undefined ? {} : { stop: Number(stop) }),
    ...(backward ? { isBackward: true } : {}),
  };
}

/**
 * The `cursor` query field: absent for the first page, else a cursor this
 * API gave. A list by time alone (`isSorted` false) refuses a sort value, a
 * run's stop or a backward cursor, which it would not read.
 */
export function pageCursorField({ isSorted = false }: { isSorted?: boolean } = {}) {
  return text()
    .max(isSorted ? SORTED_CURSOR_MAX_LENGTH : TIME_CURSOR_MAX_LENGTH)
    .refine((value) => {
      const cursor = parsePageCursor(value);
      return (
        cursor !== null &&
        (isSorted || (cursor.key === undefined && cursor.stop === undefined && !cursor.isBackward))
      );
    }, 'is not a page cursor')
    .optional();
}
