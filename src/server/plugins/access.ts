import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_PERMISSIONS, checkPermission, type Permission } from '../../domain/access';
import type { SettingsRepository } from '../features/settings/settings-repository';
import { errorBody } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every route must say, or it answers 403. */
    permission?: Permission;
  }
}

export type RegisteredRoute = { method: string; url: string; permission: Permission | undefined };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Runs `declare` in a plugin scope whose routes are public (API docs, static
 * files, the web app's fallback): each route it adds is marked
 * `permission: 'public'` where it is declared, so access is still decided
 * from the matched route, never from URL text.
 */
export async function registerPublic(
  app: FastifyInstance,
  declare: (scope: FastifyInstance) => PromiseLike<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, permission: route.config?.permission ?? 'public' };
    });
    await declare(scope);
  });
}

/**
 * Enforces each route's permission on the server, before the body is read.
 * The decision comes from the route the router matched
 * (`request.routeOptions`), whatever the spelling of the URL: a route without
 * a permission is refused (deny by default). Also refuses cross-site mutating
 * requests (CSRF) on every path: our session cookie is SameSite=Lax, and a
 * browser's Origin or Sec-Fetch-Site must say same origin.
 */
export function registerAccess(
  app: FastifyInstance,
  options: { settings: SettingsRepository; trustedOrigins: string[] },
): RegisteredRoute[] {
  // Kept as the route objects themselves: a plugin scope's own onRoute hook
  // (registerPublic) may set the permission after this hook has run.
  const declared: { route: RouteOptions; method: string; url: string }[] = [];

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) declared.push({ route, method, url: route.url });
  });

  app.addHook('onReady', async () => {
    for (const { route } of declared) {
      const permission = route.config?.permission;
      if (permission !== undefined && !(permission in API_PERMISSIONS)) {
        throw new Error(`Route ${route.url} declares an unknown permission '${permission}'`);
      }
    }
  });

  // A callback hook: public routes (health, quotes, the web app) are decided
  // at once, without a promise; only a signed-in permission waits for the viewer.
  app.addHook('onRequest', (request, reply, done) => {
    if (MUTATING.has(request.method) && isCrossSite(request, options.trustedOrigins)) {
      reply.status(403).send(errorBody('forbidden', 'Cross-site requests are not allowed.'));
      return;
    }
    // No route matched: the not-found handler answers (a JSON 404, or the
    // web app's index.html, which holds no data).
    if (request.is404) return done();
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) {
      request.log.error({ route: request.routeOptions.url }, 'Route without a permission');
      reply.status(403).send(errorBody('forbidden', "You don't have permission to do that."));
      return;
    }
    if (API_PERMISSIONS[permission] === 'public') return done();
    verdictFor(request, permission).then((verdict) => {
      if (verdict === 'unauthenticated') {
        reply.status(401).send(errorBody('unauthenticated', 'You need to sign in to do that.'));
      } else if (verdict === 'forbidden') {
        reply.status(403).send(errorBody('forbidden', "You don't have permission to do that."));
      } else {
        done();
      }
    }, done);
  });

  async function verdictFor(request: FastifyRequest, permission: Permission) {
    const viewer = await request.viewer();
    return checkPermission(
      permission,
      { signedIn: viewer.user !== null, role: viewer.role },
      await options.settings.accessTable(),
    );
  }

  // A live view: read after the app is ready, when every plugin has declared.
  const routes: RegisteredRoute[] = [];
  app.addHook('onReady', async () => {
    routes.length = 0;
    for (const { route, method, url } of declared) {
      routes.push({ method, url, permission: route.config?.permission });
    }
  });
  return routes;
}

function isCrossSite(request: FastifyRequest, trustedOrigins: string[]): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  return !trustedOrigins.includes(origin);
}
