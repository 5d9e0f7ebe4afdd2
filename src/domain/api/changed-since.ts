import { z } from 'zod';

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
