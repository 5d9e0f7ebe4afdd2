import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AccessTableSchema, DEFAULT_ACCESS_TABLE, type AccessTable } from '../../../domain/access';
import { DEFAULT_TARIFFS, TariffTableSchema, type TariffTable } from '../../../domain/fares';
import {
  BusinessSettingsSchema,
  DEFAULT_BUSINESS,
  DEFAULT_DISPATCH,
  DispatchSettingsSchema,
  DEFAULT_TIME_ZONE,
  DEFAULT_NOTIFICATIONS,
  NotificationSettingsSchema,
  TimeZoneSchema,
  type BusinessSettings,
  type DispatchSettings,
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
  dispatch: 'dispatch',
} as const;

/**
 * The dispatch timings as stored: a value saved before a timing existed (the
 * set-off window, decision 105) keeps its saved timings, and the new one takes
 * its default, rather than the whole value failing the schema and every
 * timing going back to its default.
 */
const StoredDispatchSettingsSchema = DispatchSettingsSchema.partial().transform(
  (stored): DispatchSettings => ({ ...DEFAULT_DISPATCH, ...stored }),
);

/** Called after a setting is saved, to tell the other processes. */
export type SettingsWriteListener = (key: string) => Promise<void> | void;

/**
 * Settings live in one key-value table. Reads are cached in this process and
 * dropped on every write here; `forget` drops them when another process on
 * the same database says it saved one (app.ts wires that through NOTIFY).
 */
export function createSettingsRepository(db: Database) {
  const cache = new Map<string, unknown>();
  const writeListeners = new Set<SettingsWriteListener>();
  // Bumped by every forget: a read that started before it must not cache
  // the value it got, which may be the one just replaced.
  let generation = 0;
  // Prepared once (src/server/db/prepared.ts): a miss costs the read, not building it.
  const readValue = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare('settings_value');

  function forget(key: string | null): void {
    generation += 1;
    if (key === null) cache.clear();
    else cache.delete(key);
  }

  async function read<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const startedAt = generation;
    const [row] = await readValue.execute({ key });
    const parsed = row ? schema.safeParse(row.value) : null;
    const value = parsed?.success ? parsed.data : fallback;
    if (generation === startedAt) cache.set(key, value);
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
    forget(key);
    for (const listener of writeListeners) await listener(key);
  }

  return {
    read,
    write,
    /** Drops a cached setting (null: all of them). */
    forget,
    /** Runs after every write here; the returned function stops it. */
    onWrite(listener: SettingsWriteListener): () => void {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },
    accessTable: (): Promise<AccessTable> =>
      read(SETTING_KEYS.accessTable, AccessTableSchema, DEFAULT_ACCESS_TABLE),
    tariffs: (): Promise<TariffTable> =>
      read(SETTING_KEYS.tariffs, TariffTableSchema, DEFAULT_TARIFFS),
    business: (): Promise<BusinessSettings> =>
      read(SETTING_KEYS.business, BusinessSettingsSchema, DEFAULT_BUSINESS),
    timeZone: (): Promise<string> => read(SETTING_KEYS.timeZone, TimeZoneSchema, DEFAULT_TIME_ZONE),
    notifications: (): Promise<NotificationSettings> =>
      read(SETTING_KEYS.notifications, NotificationSettingsSchema, DEFAULT_NOTIFICATIONS),
    dispatch: (): Promise<DispatchSettings> =>
      read(SETTING_KEYS.dispatch, StoredDispatchSettingsSchema, DEFAULT_DISPATCH),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
