import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The services of plugins/app, by the name each registers under. */
export type ServiceName =
  'config' | 'database' | 'live-events' | 'settings' | 'mail' | 'auth' | 'maps';

/**
 * A feature's routes as a plugin that names the services it reads from the
 * app (`app.db`, `app.settings`, ...): registered before one of them, the app
 * fails at start with "The dependency 'settings' of plugin 'fares routes' is
 * not registered". The routes stay encapsulated (their hooks and decorations
 * are their own).
 */
export function defineFeature(
  name: string,
  needs: readonly ServiceName[],
  routes: FastifyPluginAsyncZod,
): FastifyPluginAsyncZod {
  return fp(routes, { name: `${name} routes`, dependencies: [...needs], encapsulate: true });
}
