import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changedSinceOpenedRefusal } from '../../../domain/api/changed-since-words';
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
import { settings, users } from '../../db/schema';
import { assertUnchangedSince } from '../../lib/expected-version';

export const SETTING_KEYS = {
  accessTable: 'access_table',
  tariffs: 'tariffs',
  business: 'business',
  timeZone: 'time_zone',
  notifications: 'notifications',
  dispatch: 'dispatch',
} as const;

/** Where the repository says that a stored setting could not be read as saved (the app's log). */
export type SettingsLog = { warn(details: object, message: string): void };

/**
 * A setting of named fields (business, notifications, dispatch) read field by
 * field, against the schema a save passes: a stored field that no longer
 * passes it (a Book Now target saved as '//host' before isBookNowTarget
 * refused one) takes its default alone, with a warning naming it, until an
 * admin saves a valid one; a field saved before it existed (the set-off
 * window, decision 105) takes its default quietly. Every other field keeps
 * what the admin saved: one bad value used to send the whole setting back
 * to its defaults.
 */
function fieldByField<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  defaults: z.output<z.ZodObject<Shape>>,
) {
  return (stored: unknown, refused: (field: string, problem: string) => void) => {
    const value: Record<string, unknown> = { ...defaults };
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      refused('value', 'is not an object');
      return defaults;
    }
    for (const [field, fieldSchema] of Object.entries(schema.shape)) {
      if (!(field in stored)) continue;
      const parsed = z.safeParse(fieldSchema, (stored as Record<string, unknown>)[field]);
      if (parsed.success) value[field] = parsed.data;
      else refused(field, parsed.error.issues[0]?.message ?? 'is not valid');
    }
    return value as z.output<z.ZodObject<Shape>>;
  };
}

const readBusiness = fieldByField(BusinessSettingsSchema, DEFAULT_BUSINESS);
const readNotifications = fieldByField(NotificationSettingsSchema, DEFAULT_NOTIFICATIONS);
const readDispatch = fieldByField(DispatchSettingsSchema, DEFAULT_DISPATCH);

/**
 * The version of a setting an admin's screen was filled from (null: never
 * saved; undefined: the request sent none, nothing is checked) and what the
 * refusal calls the setting ('The Fares setting').
 */
export type ExpectedSetting = { updatedAt: string | null | undefined; what: string };

/** Called after a setting is saved, to tell the other processes. */
export type SettingsWriteListener = (key: string) => Promise<void> | void;

/**
 * Settings live in one key-value table. Reads are cached in this process and
 * dropped on every write here; `forget` drops them when another process on
 * the same database says it saved one (app.ts wires that through NOTIFY).
 */
export function createSettingsRepository(db: Database, log: SettingsLog) {
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

  /**
   * A setting as stored, read by `parse` once per process until it is saved
   * again (so a value that cannot be read as saved is warned of once, not on
   * every request); `fallback` when nothing is stored.
   */
  async function readStored<T>(
    key: string,
    parse: (stored: unknown, refused: (field: string, problem: string) => void) => T,
    fallback: T,
  ): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const startedAt = generation;
    const [row] = await readValue.execute({ key });
    const refused = (field: string, problem: string) =>
      log.warn(
        { setting: key, field, problem },
        `Stored setting '${key}': ${field} ${problem}; its default is used until an admin saves it again`,
      );
    const value = row ? parse(row.value, refused) : fallback;
    if (generation === startedAt) cache.set(key, value);
    return value;
  }

  /** A setting that is one value (a table, a zone): the fallback whole when it fails its schema. */
  function read<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    return readStored(
      key,
      (stored, refused) => {
        const parsed = schema.safeParse(stored);
        if (parsed.success) return parsed.data;
        refused('value', parsed.error.issues[0]?.message ?? 'is not valid');
        return fallback;
      },
      fallback,
    );
  }

  const timeZone = (): Promise<string> =>
    read(SETTING_KEYS.timeZone, TimeZoneSchema, DEFAULT_TIME_ZONE);

  /**
   * Saves a setting. With `expected` (the version the admin's screen was
   * filled from: its updatedAt, null while never saved), a setting saved
   * since is refused with 409 naming who saved it and when (in the business's
   * time zone), and nothing is written (decision 187's rule, for settings).
   */
  async function write(
    key: string,
    value: unknown,
    updatedBy: string | null,
    expected?: ExpectedSetting,
  ): Promise<void> {
    // Read before the lock: the refusal's words tell the time in it.
    const zone = expected?.updatedAt === undefined ? null : await timeZone();
    await db.transaction(async (tx) => {
      // Two admins saving at once: the second waits, then sees the first's version.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings.${key}`}))`);
      if (expected && zone !== null) {
        const [saved] = await tx
          .select({ at: settings.updatedAt, userId: settings.updatedBy, name: users.name })
          .from(settings)
          .leftJoin(users, eq(users.id, settings.updatedBy))
          .where(eq(settings.key, key));
        await assertUnchangedSince(expected.updatedAt, saved?.at ?? null, () => {
          const by =
            saved?.userId && saved.userId === updatedBy
              ? 'you'
              : saved?.name
                ? { name: saved.name }
                : null;
          return changedSinceOpenedRefusal(
            expected.what,
            { at: saved?.at ?? new Date(), by },
            zone,
          );
        });
      }
      const updatedAt = new Date();
      await tx
        .insert(settings)
        .values({ key, value, updatedBy, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt } });
    });
    forget(key);
    for (const listener of writeListeners) await listener(key);
  }

  /** When each setting was last saved (ISO), by key; a setting never saved is absent. */
  async function versions(): Promise<Map<string, string>> {
    const rows = await db.select({ key: settings.key, at: settings.updatedAt }).from(settings);
    return new Map(rows.map((row) => [row.key, row.at.toISOString()]));
  }

  return {
    read,
    write,
    versions,
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
      readStored(SETTING_KEYS.business, readBusiness, DEFAULT_BUSINESS),
    timeZone,
    notifications: (): Promise<NotificationSettings> =>
      readStored(SETTING_KEYS.notifications, readNotifications, DEFAULT_NOTIFICATIONS),
    dispatch: (): Promise<DispatchSettings> =>
      readStored(SETTING_KEYS.dispatch, readDispatch, DEFAULT_DISPATCH),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
