import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AccessTableSchema, DEFAULT_ACCESS_TABLE, type AccessTable } from '../../../domain/access';
import { DEFAULT_TARIFFS, TariffTableSchema, type TariffTable } from '../../../domain/fares';
import {
  BusinessSettingsSchema,
  DEFAULT_BUSINESS,
  DEFAULT_TIME_ZONE,
  DEFAULT_NOTIFICATIONS,
  NotificationSettingsSchema,
  TimeZoneSchema,
  type BusinessSettings,
  type NotificationSettings,
} from '../../../domain/settings';
import type { Database } from '../../db/database';
import { settings } from '../../db/schema';

export const SETTING_KEYS = {
  accessTable: 'access_table',
  tariffs: 'tariffs',
  business: 'business',
  timeZone: 'time_zone',
  notifications: 'notifications',
} as const;

/**
 * Settings live in one key-value table. Reads are cached in this process and
 * dropped on every write here.
 */
export function createSettingsRepository(db: Database) {
  const cache = new Map<string, unknown>();

  async function read<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key));
    const parsed = row ? schema.safeParse(row.value) : null;
    const value = parsed?.success ? parsed.data : fallback;
    cache.set(key, value);
    return value;
  }

  async function write(key: string, value: unknown, updatedBy: string | null): Promise<void> {
    await db
      .insert(settings)
      .values({ key, value, updatedBy })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, updatedBy, updatedAt: new Date() },
      });
    cache.delete(key);
  }

  return {
    read,
    write,
    forget: (key: string) => cache.delete(key),
    accessTable: (): Promise<AccessTable> =>
      read(SETTING_KEYS.accessTable, AccessTableSchema, DEFAULT_ACCESS_TABLE),
    tariffs: (): Promise<TariffTable> =>
      read(SETTING_KEYS.tariffs, TariffTableSchema, DEFAULT_TARIFFS),
    business: (): Promise<BusinessSettings> =>
      read(SETTING_KEYS.business, BusinessSettingsSchema, DEFAULT_BUSINESS),
    timeZone: (): Promise<string> => read(SETTING_KEYS.timeZone, TimeZoneSchema, DEFAULT_TIME_ZONE),
    notifications: (): Promise<NotificationSettings> =>
      read(SETTING_KEYS.notifications, NotificationSettingsSchema, DEFAULT_NOTIFICATIONS),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
