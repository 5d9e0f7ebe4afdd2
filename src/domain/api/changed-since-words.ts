import { formatTimeOfDay, type DateInput } from '../format/dates';

// Apart from the schemas in changed-since.ts: a page that reaches those
// schemas (through a feature's index) must not take date formatting with them.

/** Who made the change an out-of-date edit ran into: a named person, the editor themself, or nobody known. */
export type Changer = { name: string } | 'you' | null;

/** 'by Mia Tran', 'by you in another window' or 'by someone else'. */
export function changedByText(by: Changer): string {
  if (by === 'you') return 'by you in another window';
  return by ? `by ${by.name}` : 'by someone else';
}

/**
 * The refusal of a save made on an out-of-date form: `what` ('This driver',
 * 'The Fares setting') was changed after the form was opened. Says when and
 * by whom, and what to do, so the editor looks at the change rather than
 * overwrite it unseen.
 */
export function changedSinceOpenedRefusal(
  what: string,
  change: { at: DateInput; by: Changer },
  timeZone: string,
): string {
  const at = formatTimeOfDay(change.at, timeZone);
  return `${what} was changed ${changedByText(change.by)} at ${at}, after you opened it. Reload to see the change, then make yours again.`;
}
