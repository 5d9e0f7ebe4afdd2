import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PERMISSIONS } from '../../domain/access';
import { mailOutbox } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { AUTH_ANSWERS } from './openapi-auth';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-permission'?: string | null;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

let t: TestApp;
let doc: Document;
let webRoot: string;

beforeAll(async () => {
  // A stand-in build: the static and SPA routes exist, and must not be described.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({}, { webRoot });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );

/** Fastify's `/api/bookings/:id` as the description spells it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 with JSON Schema types: no `nullable`', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
  });

  it("describes assign's expectedDriverId: an optional uuid or null, and the 409 a mismatch answers", () => {
    const operation = doc.paths['/api/bookings/{id}/assign']!.post!;
    const body = operation.requestBody as {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required: string[] } }
      >;
    };
    const schema = body.content['application/json']!.schema;
    expect(schema.required).toEqual(['driverId']);
    expect(schema.properties.expectedDriverId).toMatchObject({
      anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }],
    });
    expect(operation.summary).toMatch(/expectedDriverId .* 409/);
    expect(operation.responses).toHaveProperty('409');
  });

  it("describes the booking edit's expectedUpdatedAt: an optional date-time, and the 409 a changed booking answers", () => {
    const operation = doc.paths['/api/bookings/{id}']!.patch!;
    const body = operation.requestBody as {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required?: string[] } }
      >;
    };
    const schema = body.content['application/json']!.schema;
    expect(schema.required ?? []).not.toContain('expectedUpdatedAt');
    expect(schema.properties.expectedUpdatedAt).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
    expect(operation.summary).toMatch(/expectedUpdatedAt .* 409/);
    expect(operation.responses).toHaveProperty('409');
  });

  it("describes the required documents' version and expectedUpdatedAt: optional, a date-time or null, and the 409", () => {
    const read = doc.paths['/api/documents/requirements']!.get!.responses['200'] as {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required: string[] } }
      >;
    };
    expect(read.content['application/json']!.schema.required).toContain('version');
    const operation = doc.paths['/api/documents/requirements']!.put!;
    const body = operation.requestBody as {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required?: string[] } }
      >;
    };
    const schema = body.content['application/json']!.schema;
    expect(schema.required ?? []).not.toContain('expectedUpdatedAt');
    expect(schema.properties.expectedUpdatedAt).toMatchObject({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(operation.responses).toHaveProperty('409');
  });

  it("describes the status change's expectedStatus and expectedDriverId: optional, and the 409 a changed booking answers", () => {
    const operation = doc.paths['/api/bookings/{id}/status']!.post!;
    const body = operation.requestBody as {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required: string[] } }
      >;
    };
    const schema = body.content['application/json']!.schema;
    expect(schema.required).toEqual(['status']);
    expect(schema.properties.expectedStatus).toMatchObject({
      type: 'string',
      enum: expect.arrayContaining(['pending', 'en-route', 'cancelled']),
    });
    expect(schema.properties.expectedDriverId).toMatchObject({
      anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }],
    });
    expect(operation.summary).toMatch(/expectedStatus and expectedDriverId .* 409/);
    expect(operation.responses).toHaveProperty('409');
  });

  it('describes only the JSON API: no static files, pages, docs or catch-alls', () => {
    const routes = t.app.registeredRoutes.map((route) => route.url);
    expect(routes).toContain('/assets/*');
    expect(routes).toContain('/api/auth/*');
    for (const url of Object.keys(doc.paths)) {
      expect(url).toMatch(/^\/api\//);
      expect(url).not.toContain('*');
      expect(url).not.toMatch(/^\/api\/docs/);
    }
  });

  it('gives every operation a unique operationId, a summary and a tag', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { url, method, operation } of operations()) {
      expect(operation.summary, `${method} ${url}`).toBeTruthy();
      expect(operation.tags?.length, `${method} ${url}`).toBe(1);
    }
  });

  it('describes the CSV exports as text/csv files, not JSON', () => {
    const exports = Object.entries(doc.paths).filter(
      ([url]) => url.endsWith('.csv') || url === '/api/imports/templates/{kind}',
    );
    expect(exports.length).toBeGreaterThanOrEqual(6);
    for (const [url, operations] of exports) {
      const ok = operations.get?.responses['200'] as { content?: Record<string, unknown> };
      expect(Object.keys(ok.content ?? {}), url).toEqual(['text/csv']);
    }
  });

  it('describes document downloads as the stored file types, with no upload errors', () => {
    for (const url of ['/api/documents/{id}/file', '/api/fleet-documents/{id}/file']) {
      const responses = doc.paths[url]?.get?.responses as Record<
        string,
        { content?: Record<string, unknown> }
      >;
      expect(responses, url).toBeDefined();
      expect(Object.keys(responses['200']!.content ?? {}), url).toEqual([
        'application/pdf',
        'image/jpeg',
        'image/png',
        'image/webp',
        'image/heic',
      ]);
      expect(Object.keys(responses), url).toContain('404');
      expect(Object.keys(responses), url).not.toContain('413');
      expect(Object.keys(responses), url).not.toContain('415');
    }
  });

  it('marks each API route with what its permission needs, and the errors that follow from it', () => {
    const documented = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.url !== '/api/auth/*' &&
        route.method !== 'HEAD',
    );
    expect(documented.length).toBeGreaterThan(50);
    for (const route of documented) {
      const label = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, label).toBeDefined();
      const rule = route.permission === undefined ? undefined : API_PERMISSIONS[route.permission];
      expect(operation!['x-permission'], label).toBe(route.permission);
      const codes = Object.keys(operation!.responses);
      if (rule === 'public') {
        expect(operation!.security, label).toEqual([]);
        expect(codes, label).not.toContain('401');
      } else {
        expect(operation!.security, label).toEqual([{ sessionCookie: [] }]);
        expect(codes, label).toContain('401');
        if (rule !== 'signed-in') expect(codes, label).toContain('403');
      }
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        expect(codes, `${label} (cross-site)`).toContain('403');
      }
      if (operation!.parameters?.length || operation!.requestBody) {
        expect(codes, label).toContain('400');
      }
      for (const code of codes.filter((code) => code.startsWith('4'))) {
        expect(operation!.responses[code], `${label} ${code}`).toMatchObject({
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
          },
        });
      }
    }
    expect(doc.paths['/api/places']!.get!.responses).toHaveProperty('429');
  });

  it('names the cookie that sign-in sets as the session security scheme', async () => {
    const scheme = doc.components.securitySchemes.sessionCookie!;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const user = await t.createUser({ role: 'dispatcher' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: user.password },
    });
    const session = signIn.cookies.find((cookie) => cookie.name === scheme.name);
    expect(session).toBeDefined();
    // That cookie alone is enough for a protected operation.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${session!.name}=${session!.value}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe("better-auth's endpoints in the description", () => {
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('are listed by their real paths, public, with a request body where one is read', () => {
    const auth = Object.entries(doc.paths).filter(([url]) => url.startsWith('/api/auth/'));
    expect(Object.fromEntries(auth.map(([url, item]) => [url, Object.keys(item)]))).toEqual({
      '/api/auth/sign-up/email': ['post'],
      '/api/auth/sign-in/email': ['post'],
      '/api/auth/sign-out': ['post'],
      '/api/auth/request-password-reset': ['post'],
      '/api/auth/reset-password': ['post'],
      '/api/auth/get-session': ['get'],
    });
    expect(doc.paths['/api/auth/sign-in/email']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/sign-in/email']!.post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['email', 'password'] } } },
    });
  });

  it('answer what the description says they answer', async () => {
    const email = 'described@example.test';
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'a good password',
      name: 'Described',
    });
    expect(signUp.statusCode).toBe(200);
    AUTH_ANSWERS.signUpEmail.parse(signUp.json());

    const signIn = await post('/api/auth/sign-in/email', { email, password: 'a good password' });
    expect(signIn.statusCode).toBe(200);
    AUTH_ANSWERS.signInEmail.parse(signIn.json());
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).not.toBeNull();
    AUTH_ANSWERS.getSession.parse(session.json());
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(anonymous.json()).toBeNull();

    const request = await post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    AUTH_ANSWERS.requestPasswordReset.parse(request.json());
    const [mail] = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt));
    const link = new URL(mail!.text.match(/http\S+/)![0]);
    const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token');
    const reset = await post('/api/auth/reset-password', {
      newPassword: 'another good password',
      token,
    });
    expect(reset.statusCode).toBe(200);
    AUTH_ANSWERS.resetPassword.parse(reset.json());
    const badToken = await post('/api/auth/reset-password', {
      newPassword: 'another good password',
      token: 'not-a-token',
    });
    expect(badToken.statusCode).toBe(400);
    expect(Object.keys(doc.paths['/api/auth/reset-password']!.post!.responses)).toContain('400');

    const again = await post('/api/auth/sign-in/email', {
      email,
      password: 'another good password',
    });
    const signOut = await post(
      '/api/auth/sign-out',
      {},
      again.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    );
    expect(signOut.statusCode).toBe(200);
    AUTH_ANSWERS.signOut.parse(signOut.json());
  });
});

describe('the API docs page', () => {
  it('renders for an admin: the Swagger UI page and the scripts it loads', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { cookie: admin.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="swagger-ui">');
    // Scripts are files of our own origin (the CSP allows no inline script).
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script>/);
    for (const src of scripts) {
      const script = await t.app.inject({
        method: 'GET',
        url: src,
        headers: { cookie: admin.cookie },
      });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toContain('javascript');
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { cookie: admin.cookie },
    });
    expect(json.json().info.title).toBe('Perth Chauffeur Ops API');
  });
});
