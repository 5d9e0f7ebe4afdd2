import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_PERMISSIONS, checkPermission, type Permission } from '../../domain/access';
import type { SettingsRepository } from '../features/settings/settings-repository';
import { errorBody } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every /api route must say. */
    permission?: Permission;
  }
}

/** Routes that plugins register for us (API docs) are public. */
const PLUGIN_ROUTE_PREFIXES = ['/api/docs'];

export type RegisteredRoute = { method: string; url: string; permission: Permission | undefined };

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Enforces each route's permission on the server, before the body is read.
 * Also refuses cross-site mutating requests (CSRF): our session cookie is
 * SameSite=Lax, and a browser's Origin or Sec-Fetch-Site must say same origin.
 */
export function registerAccess(
  app: FastifyInstance,
  options: { settings: SettingsRepository; trustedOrigins: string[] },
): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    if (
      !route.config?.permission &&
      PLUGIN_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix))
    ) {
      route.config = { ...route.config, permission: 'public' };
    }
    const permission = route.config?.permission;
    if (permission !== undefined && !(permission in API_PERMISSIONS)) {
      throw new Error(`Route ${route.url} declares an unknown permission '${permission}'`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, permission });
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!isApiRoute(url)) return;
    if (MUTATING.has(request.method) && isCrossSite(request, options.trustedOrigins)) {
      return reply.status(403).send(errorBody('forbidden', 'Cross-site requests are not allowed.'));
    }
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) {
      // An unknown /api path has no route config; the not-found handler answers it.
      if (request.is404) return;
      request.log.error({ url }, 'Route without a permission');
      return reply
        .status(403)
        .send(errorBody('forbidden', "You don't have permission to do that."));
    }
    if (API_PERMISSIONS[permission] === 'public') return;
    const viewer = await request.viewer();
    const verdict = checkPermission(
      permission,
      { signedIn: viewer.user !== null, role: viewer.role },
      await options.settings.accessTable(),
    );
    if (verdict === 'unauthenticated') {
      return reply
        .status(401)
        .send(errorBody('unauthenticated', 'You need to sign in to do that.'));
    }
    if (verdict === 'forbidden') {
      return reply
        .status(403)
        .send(errorBody('forbidden', "You don't have permission to do that."));
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
