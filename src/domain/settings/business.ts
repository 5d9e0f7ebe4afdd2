import { z } from 'zod';
import { text } from '../api/text';
import { AccessTableSchema } from '../access/access-table';

export const DEFAULT_TIME_ZONE = 'Australia/Perth';

/** Every Australian IANA zone an admin may choose (the spec's three included). */
export const AUSTRALIAN_TIME_ZONES = [
  'Australia/Perth',
  'Australia/Eucla',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Broken_Hill',
  'Australia/Brisbane',
  'Australia/Lindeman',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Australia/Lord_Howe',
] as const;
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

export const DEFAULT_BUSINESS: BusinessSettings = {
  name: 'Perth Chauffeur Ops',
  phone: '+61 8 9000 0000',
  email: '',
  bookNowUrl: '/book',
};

/** What any visitor's browser needs before it can draw the public pages. */
export const PublicSettingsSchema = z.object({
  business: BusinessSettingsSchema,
  timeZone: TimeZoneSchema,
  tileUrl: z.string(),
  /** Which roles open which areas: the client guards follow the same table as the API. */
  accessTable: AccessTableSchema,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
