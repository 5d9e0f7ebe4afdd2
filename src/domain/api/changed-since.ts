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

/**
 * The body of a setting's PUT: the setting, and optionally the version the
 * screen was filled from (GET /api/settings `versions`; for the Required
 * Documents, GET /api/documents/requirements `version`): a setting saved
 * since is refused with 409 and nothing changes. Left out: not checked.
 */
export function versionedSettingInput<Shape extends z.core.$ZodLooseShape>(
  schema: z.ZodObject<Shape>,
) {
  return schema.extend({ expectedUpdatedAt: SettingVersionSchema.optional() });
}

/** What a screen sends to a setting's PUT: the setting and the version it opened (versionedSettingInput). */
export type VersionedSetting<T> = T & { expectedUpdatedAt?: z.infer<typeof SettingVersionSchema> };

/** The error code of that 409, so a form offers Reload rather than a field to fix. */
export const CHANGED_SINCE_CODE = 'changed_since';
