import crypto from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Booking } from '../../domain/bookings';
import { bookingForDriver } from '../../domain/bookings/driver-view';
import type { Driver } from '../../domain/drivers';
import type { LiveEvent, LiveEventActor } from '../../domain/live-events';

// The live-events bus lives here, not in a feature: the bookings and drivers
// features publish, the live-events feature streams, and features do not import
// each other. Each publishing feature lends the bus a loader for its DTOs.

/** The PostgreSQL channel every app process listens on. */
export const EVENTS_CHANNEL = 'chauffeur_events';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. A driver's DTO is
 * about 0.5 kB and a booking's about 1 to 1.5 kB (up to about 9 kB with the
 * longest notes and addresses), so the DTO travels inside the notice when it
 * fits, saving every listening process a query per event, and only the id
 * travels otherwise, for each process to load the DTO once.
 */
export const MAX_NOTICE_BYTES = 7900;

/** What goes through NOTIFY. */
export type Notice =
  | { type: 'driver.updated'; id: string; driver?: Driver }
  /** A setting was saved: every process drops its cached copy. */
  | { type: 'settings.changed'; key: string }
  /** A user's sessions ended or changed: every process drops its cached viewers of them. */
  | { type: 'sessions.changed'; userId: string }
  | {
      type: 'booking.created' | 'booking.updated';
      id: string;
      booking?: Booking;
      /** Drivers the booking was just taken from: they are told too. */
      formerDriverIds?: string[];
      /** booking.created: the user who created it (null: no one signed in). */
      createdBy?: string | null;
      /** booking.updated: 'system' when no person made the change (LiveEvent). */
      actor?: LiveEventActor;
    };

/**
 * What a subscriber gets: the event for the browser, who it concerns, and
 * the event as JSON, serialised once for every stream that shows it: `json`
 * for streams that see every booking (dispatch), `driverJson` for a driver's,
 * without what only dispatch may read (who created a booking).
 */
export type Delivery = {
  event: LiveEvent;
  formerDriverIds: string[];
  json: string;
  driverJson: string;
};
export type Subscriber = (delivery: Delivery) => void;
/** A setting changed (its key), or null: any may have (notices were missed). */
export type SettingsListener = (key: string | null) => void;
/** A user's sessions changed (their id), or null: any may have (notices were missed). */
export type SessionsListener = (userId: string | null) => void;

export type Loaders = {
  booking(id: string): Promise<Booking | null>;
  driver(id: string): Promise<Driver | null>;
};

export type EventBus = {
  /** A driver changed; without the DTO, each listening process loads it. */
  publishDriver(driver: Driver | { id: string }): Promise<void>;
  publishBooking(
    type: 'booking.created' | 'booking.updated',
    booking: Booking,
    formerDriverIds?: string[],
    /** 'system': a scheduled pass made the change, no person (LiveEvent booking.updated). */
    actor?: LiveEventActor,
  ): Promise<void>;
  /**
   * The statement that sends these bookings' notices, for a change to run in
   * its own transaction (they go out at its commit, never for a rollback).
   */
  bookingNotices(
    type: 'booking.created' | 'booking.updated',
    bookings: Booking[],
    /** booking.created: the user who created them (null: no one signed in). */
    createdBy?: string | null,
  ): SQL | undefined;
  /** Tells every process on the database (this one too) that a setting changed. */
  publishSettingsChanged(key: string): Promise<void>;
  /**
   * Starts listening and calls the listener for each changed setting, and
   * with null whenever the listener (re)connects, when notices may have been
   * missed. The returned function stops it.
   */
  onSettingsChanged(listener: SettingsListener): Promise<() => void>;
  /** Tells every process on the database (this one too) that a user's sessions changed. */
  publishSessionsChanged(userId: string): Promise<void>;
  /** Like onSettingsChanged, for sessions (null on (re)connect). */
  onSessionsChanged(listener: SessionsListener): Promise<() => void>;
  /** How a listening process loads a DTO that did not travel in the notice. */
  provideLoader<K extends keyof Loaders>(kind: K, loader: Loaders[K]): void;
  /** Starts listening on first use; the returned function unsubscribes. */
  subscribe(subscriber: Subscriber): Promise<() => void>;
  close(): Promise<void>;
};

function toDelivery(event: LiveEvent, formerDriverIds: string[]): Delivery {
  const json = JSON.stringify(event);
  if (event.type === 'driver.updated') return { event, formerDriverIds, json, driverJson: json };
  // A driver's stream: the booking as a driver may read it, and not who created it.
  const { createdBy: _staffOnly, ...rest } = event as LiveEvent & { createdBy?: unknown };
  const forDriver = { ...rest, booking: bookingForDriver(event.booking) };
  return { event, formerDriverIds, json, driverJson: JSON.stringify(forDriver) };
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * The notice as NOTIFY sends it. `origin` (first, so that a process knows its
 * own notices by their first characters) names the bus that sent it: that
 * process delivered it already and skips it when it comes back.
 */
export function noticePayload(notice: Notice, origin?: string): string {
  const full = JSON.stringify(origin === undefined ? notice : { origin, ...notice });
  if (
    Buffer.byteLength(full) <= MAX_NOTICE_BYTES ||
    notice.type === 'settings.changed' ||
    notice.type === 'sessions.changed'
  )
    return full;
  const { type, id } = notice;
  return JSON.stringify({
    ...(origin === undefined ? {} : { origin }),
    type,
    id,
    ...(notice.type === 'driver.updated'
      ? {}
      : {
          formerDriverIds: notice.formerDriverIds,
          createdBy: notice.createdBy,
          actor: notice.actor,
        }),
  });
}

/**
 * Every bus on one PGlite database in this process. A PGlite NOTIFY reaches
 * only listeners on the same instance, all in this process, so a notice
 * published outside a transaction is handed to them directly, without a
 * statement (notices sent inside a transaction still go through NOTIFY).
 */
const pgliteBuses = new WeakMap<PGlite, Set<(notice: Notice) => void>>();

/**
 * One statement sending these notices, for a change to run inside its own
 * transaction: PostgreSQL sends them at the commit, and never for a change
 * rolled back. Undefined when there are none.
 */
export function noticeStatement(notices: Notice[]): SQL | undefined {
  if (notices.length === 0) return undefined;
  const calls = notices.map(
    (notice) => sql`pg_notify(${EVENTS_CHANNEL}, ${noticePayload(notice)})`,
  );
  return sql`select ${sql.join(calls, sql`, `)}`;
}

/**
 * Live events through PostgreSQL LISTEN/NOTIFY, so every app process on one
 * database delivers every event. On a PostgreSQL server, a dedicated client
 * (outside the pool) listens; on PGlite the one in-process connection does,
 * which only ever reaches this process (PGlite is single-process by design).
 */
export function createEventBus(
  { connection, config }: Pick<FastifyInstance, 'connection' | 'config'>,
  log: FastifyBaseLogger,
): EventBus {
  const { db } = connection;
  const loaders: Partial<Loaders> = {};
  const subscribers = new Set<Subscriber>();
  const settingsListeners = new Set<SettingsListener>();
  const sessionsListeners = new Set<SessionsListener>();
  let started: Promise<void> | null = null;
  let closed = false;
  let stopListening: (() => Promise<void>) | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  // Notices are handled one after another so subscribers see them in order.
  let queue: Promise<void> = Promise.resolve();

  function settingsChanged(key: string | null): void {
    for (const listener of settingsListeners) listener(key);
  }

  function sessionsChanged(userId: string | null): void {
    for (const listener of sessionsListeners) listener(userId);
  }

  async function resolve(
    notice: Exclude<Notice, { type: 'settings.changed' | 'sessions.changed' }>,
  ): Promise<Delivery | null> {
    if (notice.type === 'driver.updated') {
      const driver = notice.driver ?? (await loaders.driver?.(notice.id)) ?? null;
      return driver ? toDelivery({ type: notice.type, driver }, []) : null;
    }
    const booking = notice.booking ?? (await loaders.booking?.(notice.id)) ?? null;
    if (!booking) return null;
    let event: LiveEvent;
    if (notice.type === 'booking.created') {
      event =
        notice.createdBy !== undefined
          ? { type: notice.type, booking, createdBy: notice.createdBy }
          : { type: notice.type, booking };
    } else {
      event = notice.actor
        ? { type: notice.type, booking, actor: notice.actor }
        : { type: notice.type, booking };
    }
    return toDelivery(event, notice.formerDriverIds ?? []);
  }

  /** Own notices coming back through NOTIFY were delivered when published. */
  const origin = crypto.randomUUID();
  const ownPrefix = `{"origin":"${origin}"`;

  function receive(payload: string): void {
    if (payload.startsWith(ownPrefix)) return;
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch (error) {
      log.error({ err: error }, 'Could not read a live event');
      return;
    }
    handle(notice);
  }

  function handle(notice: Notice): void {
    if (notice.type === 'settings.changed') {
      settingsChanged(typeof notice.key === 'string' ? notice.key : null);
      return;
    }
    if (notice.type === 'sessions.changed') {
      sessionsChanged(typeof notice.userId === 'string' ? notice.userId : null);
      return;
    }
    if (subscribers.size === 0) return;
    queue = queue.then(async () => {
      try {
        const delivery = await resolve(notice);
        if (!delivery) return;
        for (const subscriber of subscribers) subscriber(delivery);
      } catch (error) {
        log.error({ err: error }, 'Could not deliver a live event');
      }
    });
  }

  async function listenPostgres(attempt = 0): Promise<void> {
    const connectionString = connection.pool?.options.connectionString ?? config.DATABASE_URL;
    const client = new pg.Client({ connectionString });
    const retry = () => {
      if (closed || reconnectTimer) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
      log.warn({ delay }, 'Live events listener lost its connection; reconnecting');
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        listenPostgres(attempt + 1).catch(() => undefined);
      }, delay);
    };
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) receive(message.payload);
    });
    client.on('error', () => {
      client.end().catch(() => undefined);
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      // Notices sent while we were not listening are lost: cached settings
      // and sessions may be stale.
      if (attempt > 0) {
        settingsChanged(null);
        sessionsChanged(null);
      }
    } catch (error) {
      client.end().catch(() => undefined);
      if (attempt === 0) throw error;
      retry();
      return;
    }
    stopListening = async () => {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    };
  }

  async function listenPglite(): Promise<void> {
    const unlisten = await connection.pglite!.listen(EVENTS_CHANNEL, receive);
    stopListening = async () => {
      if (!connection.pglite!.closed) await unlisten().catch(() => undefined);
    };
  }

  let pgliteBus: Set<(notice: Notice) => void> | undefined;
  if (connection.kind === 'pglite') {
    pgliteBus = pgliteBuses.get(connection.pglite!) ?? new Set();
    pgliteBuses.set(connection.pglite!, pgliteBus);
    pgliteBus.add(handle);
  }

  /**
   * Notices waiting for the statement under way to finish: they go together
   * in the next one, so a burst of reports costs one NOTIFY statement, not
   * one each, and a lone report waits for nothing.
   */
  let waiting: string[] = [];
  let sending: Promise<void> | null = null;

  async function drain(): Promise<void> {
    // Yield first: `sending` is set before this can finish and clear it.
    await undefined;
    while (waiting.length > 0) {
      const payloads = waiting;
      waiting = [];
      try {
        await db.execute(
          sql`select ${sql.join(
            payloads.map((payload) => sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`),
            sql`, `,
          )}`,
        );
      } catch (error) {
        // A lost live event is not worth failing the change that caused it:
        // screens also refresh every 30 seconds.
        log.error({ err: error, notices: payloads.length }, 'Could not publish a live event');
      }
    }
    // In the same step as the check above: a notice added later starts a new drain.
    sending = null;
  }

  function sendNotices(): Promise<void> {
    sending ??= drain();
    return sending;
  }

  function start(): Promise<void> {
    started ??= (connection.kind === 'postgres' ? listenPostgres() : listenPglite()).catch(
      (error: unknown) => {
        started = null;
        throw error;
      },
    );
    return started;
  }

  /**
   * Delivered in this process at once; other processes hear it through
   * NOTIFY (on PGlite there are none: every bus on the database is here).
   */
  async function publish(notice: Notice): Promise<void> {
    if (closed) return;
    if (pgliteBus) {
      for (const deliver of pgliteBus) deliver(notice);
      return;
    }
    handle(notice);
    waiting.push(noticePayload(notice, origin));
    // The statement under way sends everything waiting after it, this too.
    await sendNotices();
  }

  return {
    publishDriver: (driver) =>
      publish(
        'userId' in driver
          ? { type: 'driver.updated', id: driver.id, driver }
          : { type: 'driver.updated', id: driver.id },
      ),
    publishBooking: (type, booking, formerDriverIds = [], actor) =>
      publish({
        type,
        id: booking.id,
        booking,
        ...(formerDriverIds.length ? { formerDriverIds } : {}),
        ...(actor ? { actor } : {}),
      }),
    bookingNotices: (type, bookings, createdBy) =>
      noticeStatement(
        bookings.map((booking) => ({
          type,
          id: booking.id,
          booking,
          ...(type === 'booking.created' && createdBy !== undefined ? { createdBy } : {}),
        })),
      ),
    publishSettingsChanged: (key) => publish({ type: 'settings.changed', key }),
    async onSettingsChanged(listener) {
      await start();
      settingsListeners.add(listener);
      return () => {
        settingsListeners.delete(listener);
      };
    },
    publishSessionsChanged: (userId) => publish({ type: 'sessions.changed', userId }),
    async onSessionsChanged(listener) {
      await start();
      sessionsListeners.add(listener);
      return () => {
        sessionsListeners.delete(listener);
      };
    },
    provideLoader(kind, loader) {
      loaders[kind] = loader;
    },
    async subscribe(subscriber) {
      await start();
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    async close() {
      closed = true;
      pgliteBus?.delete(handle);
      await sending;
      subscribers.clear();
      settingsListeners.clear();
      sessionsListeners.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await stopListening?.();
      await queue;
    },
  };
}
