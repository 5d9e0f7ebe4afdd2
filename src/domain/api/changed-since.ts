import { z } from 'zod';
import { formatTimeOfDay, type DateInput } from '../format/dates';

/**
 * What an edit form sends as `expectedUpdatedAt`: the record's `updatedAt`
 * when the form was filled (decision 187). A record changed since is refused
 * with 409 and nothing changes; left out, nothing is checked (scripts, API
 * clients written before it).
 */
export const ExpectedUpdatedAtSchema = z.iso.datetime({ offset: true });

/**
 * A setting's version as the Settings screen reads it: when it was last
 * saved, or null while it was never saved (its defaults are in force).
 */
export const SettingVersionSchema = z.iso.datetime({ offset: true }).nullable();

/** The error code of that 409, so a form offers Reload rather than a field to fix. */
export const CHANGED_SINCE_CODE = 'changed_since';

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
