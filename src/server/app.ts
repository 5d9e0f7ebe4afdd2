import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../domain/api';
import { BookingListResponseSchema } from '../domain/bookings';
import { QuoteResponseSchema } from '../domain/fares';
import type { Config } from './config';
import type { Connection } from './db/connect';
import { adminDashboardRoutes } from './features/admin/routes';
import { multiBookingRoutes } from './features/bookings/multi-routes';
import { onlineBookingRoutes } from './features/bookings/online-routes';
import { bookingsRoutes } from './features/bookings/routes';
import { customersRoutes } from './features/customers/routes';
import { dispatchToolsRoutes } from './features/dispatch/routes';
import { jobsRoutes } from './features/jobs/routes';
import { searchRoutes } from './features/search/routes';
import { timelineRoutes } from './features/timeline/routes';
import { documentsRoutes } from './features/documents/routes';
import { driversRoutes } from './features/drivers/routes';
import { eventsRoutes } from './features/live-events/routes';
import { importsRoutes } from './features/imports/routes';
import { settingsRoutes } from './features/settings/routes';
import { setupRoutes } from './features/setup/routes';
import { awaitingRoleMailJob } from './features/users/awaiting-role-mail';
import { usersRoutes } from './features/users/routes';
import { vehiclesRoutes } from './features/vehicles/routes';
import { healthRoutes } from './features/health/routes';
import { mailRoutes } from './features/mail/routes';
import { recordsRoutes } from './features/records/routes';
import type { MapsService } from './features/maps/maps-service';
import { mapsRoutes } from './features/maps/routes';
import { meRoutes } from './features/users/me-routes';
import { quoteRoutes } from './features/fares/routes';
import { publicSettingsRoutes } from './features/settings/public-routes';
import { registerAccess } from './plugins/access';
import { authPlugin } from './plugins/app/auth';
import { configPlugin } from './plugins/app/config';
import { databasePlugin } from './plugins/app/database';
import { liveEventsPlugin } from './plugins/app/live-events';
import { mailPlugin } from './plugins/app/mail';
import { mapsPlugin } from './plugins/app/maps';
import { settingsPlugin } from './plugins/app/settings';
import { registerAuth } from './plugins/auth';
import { registerOpenApi } from './plugins/openapi';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
  serializeError,
} from './plugins/errors';
import { registerRequestInput } from './plugins/request-input';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { TooManyRequests } from './lib/errors';
import { stdoutDestination, writeWarningsAtOnce } from './lib/log-destination';
import { responseSerializerCompiler } from './lib/response-serializer';
import { startScheduler, type ScheduledJob } from './lib/scheduled-work';
import { acknowledgementWatchJob } from './features/bookings/acknowledgement-watch';
import { pruneRateLimits, sharedRateLimitStore } from './lib/shared-rate-limits';

export type AppOptions = {
  config: Config;
  connection: Connection;
  authSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null;
  /** Tests pass a maps service with a recorded vendor behind it. */
  maps?: MapsService;
};

export const DEFAULT_WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin.replace('//a.', '//*.');
  } catch {
    return '';
  }
}

/**
 * What a log line says of a request: the route it matched, not the URL text,
 * which carries reset tokens, ids and search terms (and can be spelled many ways).
 */
function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.is404 ? '(no route)' : request.routeOptions.url,
    remoteAddress: request.ip,
  };
}

/**
 * The answers of the hot routes (docs/performance.md, "The request path"):
 * written by a compiled serializer, checked with zod outside production.
 */
export const FAST_RESPONSES: ReadonlySet<unknown> = new Set([
  HealthResponseSchema,
  QuoteResponseSchema,
  BookingListResponseSchema,
]);

/**
 * How hard a JSON answer is compressed (decision 224): Brotli's quality 1
 * and gzip's level 3 cost a dispatch list page a third and a half of the CPU
 * of the plugin's quality 4 and zlib's level 6, for answers 10 and 12 % larger.
 */
export const JSON_COMPRESSION = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 3 },
};

/** Compressed answers up to this size are compressed in one call, not a stream (decision 76). */
export const SYNC_COMPRESSION_BYTES = 64 * 1024;

/** The logger: a caller's stream (tests read theirs), else stdout, asynchronously. */
function loggerOptions(logger: AppOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger ?? false;
  const stream = logger.stream ?? stdoutDestination();
  return {
    ...logger,
    stream,
    hooks: { logMethod: writeWarningsAtOnce(stream as { flush?: () => void }) },
    serializers: { req: logRequest, err: serializeError },
  };
}

/** The whole app as a Fastify instance: plugins first, then features. */
export async function buildApp(options: AppOptions) {
  const { config, connection } = options;
  const app = Fastify({
    logger: loggerOptions(options.logger),
    // One line per request, written when it is answered (below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Behind a balancer, request.ip is the client's (TRUST_PROXY): rate limits key on it.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // No request input may produce a 500: malformed URLs and JSON are 400s.
    routerOptions: { maxParamLength: 500 },
    // Answered before any hook (bad URL, oversized headers): in our error format.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Slow clients: the whole request (body included) and its headers must
    // arrive in time, checked every second rather than Node's 30 s; answered
    // 408 by answerClientError. Event streams are unaffected: their request
    // is complete at once, only the answer stays open.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({
      fast: FAST_RESPONSES,
      check: config.NODE_ENV !== 'production',
    }),
  );
  registerErrorHandling(app);
  registerRequestInput(app);
  // A callback hook, not an async one: a public request (health, quotes)
  // then allocates no promise for its log line.
  app.addHook('onResponse', (request, reply, done) => {
    const logLine = (userId: string | null) => {
      request.log.info(
        { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime), userId },
        'request',
      );
      done();
    };
    // The viewer is named only when the request already looked it up.
    const pending = (request as { viewerPromise?: ReturnType<FastifyRequest['viewer']> })
      .viewerPromise;
    if (!pending) return logLine(null);
    pending.then(
      (viewer) => logLine(viewer.user?.id ?? null),
      () => logLine(null),
    );
  });
  // JSON answers over 1 kB go out compressed (a day's dispatch list: about a
  // seventh of its size). Built assets are precompressed and the event
  // stream writes its own socket, so neither passes through here.
  // Brotli at quality 1, gzip at level 3 (JSON_COMPRESSION; zlib's own Brotli
  // default, 11, takes about 47 ms for a 50 kB page). Answers up to 64 kB (a page of 50 bookings is about
  // 51 kB) are compressed in one call: the plugin's stream above its 8 kB
  // default cost a list page about 0.5 ms more CPU than the call's 0.16 ms,
  // and answered fewer requests a second on a quiet machine (decision 76).
  // Request bodies are never compressed (no client of ours sends one): no
  // decompression hook on every route; such a body is a 400 (not UTF-8 JSON).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: SYNC_COMPRESSION_BYTES,
    ...JSON_COMPRESSION,
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine and Leaflet set inline styles.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', tileOrigin(config.TILE_URL)].filter(Boolean),
        'connect-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Served over plain HTTP on localhost by default.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  // The services every feature reads from the app (plugins/app): each
  // declares the services it is built from, so a wrong order fails at start.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { connection });
  await app.register(liveEventsPlugin);
  await app.register(settingsPlugin);
  const routes = registerAccess(app, {
    settings: app.settings,
    trustedOrigins: config.trustedOrigins,
  });

  // Per-route limits (routes opt in with config.rateLimit), counted in the
  // database so that several app processes share each limit.
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(connection.db),
    errorResponseBuilder: (_request, context) =>
      new TooManyRequests(`Too many requests. Try again in ${context.after}.`),
  });

  await app.register(mailPlugin);
  await app.register(authPlugin, { authSecret: options.authSecret });
  await app.register(mapsPlugin, { maps: options.maps, placeProofSecret: options.authSecret });
  // Before any route, so that every route is seen (better-auth's by its real paths).
  await registerOpenApi(app, { publicUrl: config.publicUrl, auth: app.auth });
  const { lockout } = registerAuth(app, {
    accountFailureLimit: config.SIGN_IN_ACCOUNT_LIMIT,
  });

  await app.register(healthRoutes);
  await app.register(meRoutes);
  await app.register(quoteRoutes);
  await app.register(publicSettingsRoutes);
  await app.register(mapsRoutes);

  // Periodic work runs once per period across all processes (scheduled-work.ts).
  const scheduledJobs: ScheduledJob[] = [
    {
      // Ended rate-limit windows, and failed sign-ins too old to weigh on a lock.
      name: 'prune-rate-limits',
      everyMs: 60_000,
      run: async (db) => {
        await pruneRateLimits(db);
        await lockout.prune();
      },
    },
    acknowledgementWatchJob(app),
    awaitingRoleMailJob(app),
  ];
  const scheduler = startScheduler(connection.db, scheduledJobs, (job, error) =>
    app.log.error({ err: error, job: job.name }, 'A scheduled job failed'),
  );
  app.addHook('onClose', () => scheduler.stop());

  for (const feature of [
    customersRoutes,
    adminDashboardRoutes,
    settingsRoutes,
    usersRoutes,
    setupRoutes,
    bookingsRoutes,
    onlineBookingRoutes,
    multiBookingRoutes,
    driversRoutes,
    vehiclesRoutes,
    eventsRoutes,
    dispatchToolsRoutes,
    mailRoutes,
    recordsRoutes,
    jobsRoutes,
    timelineRoutes,
    searchRoutes,
    importsRoutes,
    documentsRoutes,
  ]) {
    await app.register(feature);
  }

  await registerWeb(app, options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot);

  return Object.assign(app, {
    registeredRoutes: routes,
    scheduledJobs,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
