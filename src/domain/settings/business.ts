import { z } from 'zod';
import { text } from '../api/text';
import { AccessTableSchema } from '../access/access-table-schema';
import { AUSTRALIAN_TIME_ZONES } from './business-defaults';

// The defaults live in business-defaults.ts, free of zod, for the web's first
// download (decision 34).
export { AUSTRALIAN_TIME_ZONES, DEFAULT_BUSINESS, DEFAULT_TIME_ZONE } from './business-defaults';

export const TimeZoneSchema = z.enum(AUSTRALIAN_TIME_ZONES);

/** The longest text each business setting takes: the schema below and the form's maxLength. */
export const BUSINESS_FIELD_MAX = { name: 120, phone: 40, email: 254, bookNowUrl: 500 } as const;

/**
 * Where Book Now may go: a path on this site (one slash: '//host' and '/\host'
 * are read by browsers as another site), or an http(s) address in any case.
 */
export function isBookNowTarget(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

export const BusinessSettingsSchema = z.object({
  name: text().trim().min(1).max(BUSINESS_FIELD_MAX.name),
  phone: text().trim().max(BUSINESS_FIELD_MAX.phone),
  email: z.union([z.email().max(BUSINESS_FIELD_MAX.email), z.literal('')]),
  /** Where Book Now goes: our own /book page by default, or an external page. */
  bookNowUrl: text()
    .trim()
    .min(1)
    .max(BUSINESS_FIELD_MAX.bookNowUrl)
    .refine(isBookNowTarget, 'must be a path or an http(s) URL'),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

/** What any visitor's browser needs before it can draw the public pages. */
export const PublicSettingsSchema = z.object({
  business: BusinessSettingsSchema,
  timeZone: TimeZoneSchema,
  tileUrl: z.string(),
  /** Which roles open which areas: the client guards follow the same table as the API. */
  accessTable: AccessTableSchema,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
