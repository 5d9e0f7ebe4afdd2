import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PERMISSIONS,
  DEFAULT_ACCESS_TABLE,
  type Area,
  type Permission,
} from '../../domain/access';
import { ErrorResponseSchema } from '../../domain/api';
import type { Auth } from '../features/auth/auth';
import { registerPublic } from './access';
import { describeAuthPaths } from './openapi-auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a file, not JSON: its media type (or types) and what
     * the file is, for the API description.
     */
    file?: FileAnswer;
  }
}

export type FileAnswer = { types: readonly string[]; description: string };

/** What every CSV export answers. */
export const CSV_FILE: FileAnswer = {
  types: ['text/csv'],
  description: 'A CSV file (UTF-8, a header row, cells that could start a formula quoted)',
};

/** The security scheme every protected operation names. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/**
 * better-auth's session cookie; over HTTPS it carries the `__Secure-` prefix
 * (auth.ts turns secure cookies on when PUBLIC_URL is https).
 */
export function sessionCookieName(publicUrl: string): string {
  const name = 'better-auth.session_token';
  return publicUrl.startsWith('https://') ? `__Secure-${name}` : name;
}

/**
 * Schemas emitted once under components/schemas and referenced by `$ref`
 * (its own registry: the global one is left to whoever else uses zod).
 */
const COMPONENTS = z.registry<{ id?: string }>();
COMPONENTS.add(ErrorResponseSchema, { id: 'ErrorResponse' });

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done, nothing to return',
  400: 'Bad input: `error.fields` and the message name the field',
  401: 'Not signed in (no session cookie, or it expired)',
  403: "Signed in without the permission this needs, or a cross-site request (the Origin isn't trusted)",
  404: 'Not found',
  409: 'Conflicts with the current state (the message says what)',
  422: 'Understood but not possible (the message says why)',
  429: 'Too many requests: wait as long as the message (and Retry-After, where given) says',
  503: 'A maps provider is unavailable',
  504: 'A maps provider took too long',
};

type RouteSchema = {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
  operationId?: string;
  tags?: string[];
  description?: string;
  security?: unknown;
  [key: string]: unknown;
};

/**
 * Only the JSON API is described: static files, the web app's pages and
 * better-auth's catch-all (described by its real paths, openapi-auth.ts) are left out.
 */
function isDocumented(url: string, schema: RouteSchema | undefined): boolean {
  if (schema?.hide) return false;
  if (!url.startsWith('/api/')) return false;
  return url !== '/api/auth/*';
}

/** GET /api/bookings/:id/assign → getBookingsByIdAssign: stable, and unique as method + path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return (
    method.toLowerCase() +
    words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
  );
}

const ROLES_BY_DEFAULT = (areas: readonly Area[]) =>
  [...new Set(areas.flatMap((area) => DEFAULT_ACCESS_TABLE[area]))].join(', ');

/** What the operation needs, in words an integrator can act on. */
function describePermission(permission: Permission | undefined): string {
  if (permission === undefined) return 'Declares no permission: always answers 403.';
  const rule = API_PERMISSIONS[permission];
  if (rule === 'public') return 'Public: no session needed.';
  if (rule === 'signed-in')
    return `Needs a session (any role, or none). Permission \`${permission}\`.`;
  if (rule === 'has-role') {
    return `Needs a session whose account has been given a role. Permission \`${permission}\`.`;
  }
  return (
    `Needs a session whose role may open ${rule.join(', ')} in the access table ` +
    `(by default: ${ROLES_BY_DEFAULT(rule)}). Permission \`${permission}\`.`
  );
}

function methodOf(route: RouteOptions, url: string): string {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD',
  );
  if (methods.length !== 1) {
    throw new Error(`${url}: a documented route declares one method (has ${methods.join(', ')})`);
  }
  return methods[0]!;
}

/**
 * Per route: what it needs (security, from config.permission), an
 * operationId, a tag, and the error answers it can give, added from what the
 * route declares (inputs → 400, a permission → 401/403, a rate limit → 429,
 * mutating → 403 for cross-site requests). The zod schemas are then turned
 * into JSON Schema 2020-12 (OpenAPI 3.1) by the type provider.
 */
function createRouteTransform(): NonNullable<FastifyDynamicSwaggerOptions['transform']> {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: COMPONENTS });
  return (input) => {
    const { url } = input;
    const route = input.route as RouteOptions;
    const schema = input.schema as RouteSchema | undefined;
    if (!isDocumented(url, schema)) return { schema: { hide: true } as never, url };

    const method = methodOf(route, url);
    const permission = route.config?.permission;
    const rule = permission === undefined ? undefined : API_PERMISSIONS[permission];
    const isPublic = rule === 'public';
    const response: Record<string, unknown> = { ...schema?.response };
    const errorIfMissing = (status: number) => {
      response[status] ??= ErrorResponseSchema;
    };
    if (schema?.body || schema?.querystring || schema?.params || schema?.headers) {
      errorIfMissing(400);
    }
    if (!isPublic) errorIfMissing(401);
    if ((!isPublic && rule !== 'signed-in') || MUTATING.has(method)) errorIfMissing(403);
    if (route.config?.rateLimit) errorIfMissing(429);
    if ((route.config as { sse?: boolean } | undefined)?.sse) {
      response[200] ??= {
        description: 'A text/event-stream that stays open; see docs/api.md',
        content: { 'text/event-stream': { schema: z.string() } },
      };
    }

    const file = route.config?.file;
    if (file) {
      response[200] = {
        description: file.description,
        content: Object.fromEntries(
          // OpenAPI 3.1: a binary body is any content of its media type.
          file.types.map((type) => [
            type,
            { schema: type.startsWith('text/') ? z.string() : z.any() },
          ]),
        ),
      };
    }

    const needs = describePermission(permission);
    const enriched: RouteSchema = {
      ...schema,
      operationId: schema?.operationId ?? operationIdOf(method, url),
      tags: schema?.tags ?? [url.split('/')[2] ?? 'api'],
      description: schema?.description ? `${schema.description}\n\n${needs}` : needs,
      security: isPublic ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }],
      'x-permission': permission ?? null,
      response,
    };
    return zodTransform({ ...input, schema: enriched as never });
  };
}

type Operation = { responses?: Record<string, { description?: string }> };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Names what each status means where a route left the default text. */
function describeResponses(document: Document): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response' || !answer.description) {
          answer.description = RESPONSE_DESCRIPTIONS[status] ?? 'Answer';
        }
      }
    }
  }
}

/** The type provider emits each registered schema for input and output; keep those in use. */
function dropUnusedComponents(document: Document): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const { components: _components, ...rest } = document;
  const text = JSON.stringify(rest) + JSON.stringify(schemas);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
}

/**
 * Serves the OpenAPI 3.1 description at /api/docs/json (and the Swagger UI at
 * /api/docs), generated from the same zod schemas the routes validate with.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { publicUrl: string; auth: Auth },
): Promise<void> {
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: COMPONENTS });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Perth Chauffeur Ops API',
        version: '1.0.0',
        description:
          'Sign in with POST /api/auth/sign-in/email and send the session cookie it sets with every request. ' +
          'Errors are `{ "error": { "code", "message", "fields"? } }`. See docs/api.md for idempotency keys, pagination and the event stream.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(options.publicUrl),
            description:
              'The session cookie POST /api/auth/sign-in/email sets (HttpOnly, SameSite=Lax, 7 days). Mutating requests from a browser must come from a trusted origin.',
          },
        },
      },
    },
    transform: createRouteTransform(),
    transformObject: (input) => {
      const document = zodTransformObject(input) as Document;
      document.paths = {
        ...(describeAuthPaths(options.auth) as Document['paths']),
        ...document.paths,
      };
      describeResponses(document);
      dropUnusedComponents(document);
      return document as never;
    },
  });
  await registerPublic(app, (scope) => scope.register(swaggerUi, { routePrefix: '/api/docs' }));
}
