import { z } from 'zod';
import { text } from '../api/text';
import { AccessTableSchema } from '../access/access-table-schema';
import { AUSTRALIAN_TIME_ZONES } from './business-defaults';

// The defaults live in business-defaults.ts, free of zod, for the web's first
// download (decision 34).
export { AUSTRALIAN_TIME_ZONES, DEFAULT_BUSINESS, DEFAULT_TIME_ZONE } from './business-defaults';

export const TimeZoneSchema = z.enum(AUSTRALIAN_TIME_ZONES);

export const BusinessSettingsSchema = z.object({
  name: text().trim().min(1).max(120),
  phone: text().trim().max(40),
  email: z.union([z.email(), z.literal('')]),
  /** Where Book Now goes: our own /book page by default, or an external page. */
  bookNowUrl: text()
    .trim()
    .min(1)
    .max(500)
    .refine(
      (value) => value.startsWith('/') || /^https?:\/\//.test(value),
      'must be a path or an http(s) URL',
    ),
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
