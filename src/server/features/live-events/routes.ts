import type { ServerResponse } from 'node:http';
import { can } from '../../../domain/access';
import { Forbidden } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { driverIdOfUser } from '../drivers/driver-of-user';
import { SETTING_KEYS } from '../settings/settings-repository';
import type { Delivery } from '../../lib/live-events';
import { createFrameBatcher } from './frame-batcher';
import { defineFeature } from '../../plugins/app/feature';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with a server-sent-events stream that stays open. */
    sse?: boolean;
  }
}

/** Proxies drop a quiet connection; a comment line every 25 s keeps it open. */
export const KEEP_ALIVE_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
export const RETRY_MS = 5_000;
/**
 * Open streams one session may hold in this process (a few tabs); the oldest
 * is closed when another opens, so a script cannot pile up connections.
 */
export const MAX_STREAMS_PER_SESSION = 5;

/** What one stream may see: everything, one driver's events, or nothing but keep-alives. */
export type StreamScope = { kind: 'all' } | { kind: 'driver'; driverId: string } | { kind: 'none' };

export function isVisible(scope: StreamScope, delivery: Delivery): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'driver': {
      const { event } = delivery;
      if (event.type === 'driver.updated') return event.driver.id === scope.driverId;
      return (
        event.booking.driver?.id === scope.driverId ||
        delivery.formerDriverIds.includes(scope.driverId)
      );
    }
  }
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings'] as const;

/** GET /api/events: live driver and booking changes as server-sent events, filtered by role. */
export const eventsRoutes = defineFeature('live-events', SERVICES, async (app) => {
  const bus = app.liveEvents;
  const open = new Set<ServerResponse>();
  const frames = createFrameBatcher();
  /**
   * Each event's frame, made once for every stream that shows it: dispatch's
   * streams get the whole event, a driver's the event without what only
   * dispatch may read (Delivery.driverJson).
   */
  const frameOf = new WeakMap<Delivery, string>();
  const driverFrameOf = new WeakMap<Delivery, string>();
  function frame(delivery: Delivery, scope: StreamScope): string {
    const isDriver = scope.kind === 'driver';
    const made = (isDriver ? driverFrameOf : frameOf).get(delivery);
    if (made !== undefined) return made;
    const json = isDriver ? delivery.driverJson : delivery.json;
    const framed = `data: ${json}\n\n`;
    (isDriver ? driverFrameOf : frameOf).set(delivery, framed);
    return framed;
  }
  /** Each session's open streams, oldest first. */
  const bySession = new Map<string, ServerResponse[]>();
  /** Whose each open stream is: what a stream may see was decided for that user at connect. */
  const userOf = new Map<ServerResponse, string>();

  // A stream's scope is decided once, at connect. When the user's sessions
  // change (sign-out, disable, role change: every process hears it) or what
  // roles may read changes, the streams end; a browser whose session still
  // holds reconnects in RETRY_MS and is scoped afresh, any other is refused.
  const endStreams = (which: (response: ServerResponse) => boolean) => {
    for (const response of [...open]) if (which(response)) response.end();
  };
  const stopSessions = await bus.onSessionsChanged((userId) =>
    // null: the listener reconnected and may have missed a notice.
    endStreams((response) => userId === null || userOf.get(response) === userId),
  );
  const stopSettings = await bus.onSettingsChanged((key) => {
    if (key === null || key === SETTING_KEYS.accessTable) endStreams(() => true);
  });
  app.addHook('onClose', async () => {
    stopSessions();
    stopSettings();
  });

  function track(sessionId: string, response: ServerResponse) {
    const streams = bySession.get(sessionId) ?? [];
    streams.push(response);
    bySession.set(sessionId, streams);
    while (streams.length > MAX_STREAMS_PER_SESSION) streams.shift()!.end();
  }

  function untrack(sessionId: string, response: ServerResponse) {
    const streams = bySession.get(sessionId);
    if (!streams) return;
    const index = streams.indexOf(response);
    if (index >= 0) streams.splice(index, 1);
    if (streams.length === 0) bySession.delete(sessionId);
  }

  // Open streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => {
    frames.flush();
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/api/events',
    {
      config: { permission: 'events:read', sse: true },
      schema: {
        tags: ['live-events'],
        summary:
          'Server-sent events: driver.updated, booking.created, booking.updated (dispatch sees all; a driver their own). Needs a role; at most 5 open per session, the oldest closed first',
        response: { ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      // events:read has let in only a session with a role.
      if (viewer.sessionId === null) throw new Forbidden();
      const sessionId = viewer.sessionId;
      let scope: StreamScope = { kind: 'none' };
      if (viewer.user && can(viewer.role, 'drivers:read', await app.settings.accessTable())) {
        scope = { kind: 'all' };
      } else if (viewer.user && viewer.role === 'driver') {
        const driverId = await driverIdOfUser(app.db, viewer.user.id);
        if (driverId) scope = { kind: 'driver', driverId };
      }

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      open.add(response);
      if (viewer.user) userOf.set(response, viewer.user.id);
      track(sessionId, response);

      const send = (delivery: Delivery) => {
        if (isVisible(scope, delivery)) frames.write(response, frame(delivery, scope));
      };
      let unsubscribe: (() => void) | null = null;
      const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const cleanUp = () => {
        clearInterval(keepAlive);
        unsubscribe?.();
        unsubscribe = null;
        open.delete(response);
        userOf.delete(response);
        frames.forget(response);
        untrack(sessionId, response);
      };
      request.raw.on('close', cleanUp);
      response.on('close', cleanUp);
      response.on('finish', cleanUp);
      try {
        const stop = await bus.subscribe(send);
        if (response.destroyed || !open.has(response)) stop();
        else unsubscribe = stop;
      } catch (error) {
        request.log.error({ err: error }, 'Live events are unavailable');
        cleanUp();
        response.end();
      }
    },
  );
});
