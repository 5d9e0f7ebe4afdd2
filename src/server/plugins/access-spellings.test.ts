import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPermission, type Permission, type Role } from '../../domain/access';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

/**
 * The router decodes a path before matching it, so one route answers many
 * spellings. Whatever the spelling, a request must be refused or get exactly
 * the permission of the route it reached.
 */

/** Each request's own number, so the hooks below can say which route it matched. */
const PROBE = 'x-test-probe';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const NO_ROUTE = '(no route)';

/**
 * The route each probed request matched, with its permission: "url permission",
 * or NO_ROUTE. Recorded in onRequest, which runs for every request the access
 * check lets through (the event stream's too, whose handler takes the socket
 * over so that no onSend runs), and in onSend, which runs for every answer
 * sent, the access check's refusals included.
 */
const matchedRoutes = new Map<string, string>();
let probes = 0;

function recordMatch(request: FastifyRequest): void {
  const probe = request.headers[PROBE];
  if (typeof probe !== 'string') return;
  const permission = request.routeOptions.config.permission ?? 'none';
  matchedRoutes.set(probe, request.is404 ? NO_ROUTE : `${request.routeOptions.url} ${permission}`);
}

let t: TestApp;
let webRoot: string;
let admin: { id: string; cookie: string };
const viewers: { name: string; cookie?: string; role: Role | null; signedIn: boolean }[] = [];

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp(
    {},
    {
      webRoot,
      beforeReady: (app) => {
        app.addHook('onRequest', async (request) => recordMatch(request));
        app.addHook('onSend', async (request) => recordMatch(request));
      },
    },
  );
  admin = await t.createUser({ role: 'admin' });
  viewers.push(
    { name: 'anonymous', role: null, signedIn: false },
    { name: 'no-role', role: null, signedIn: true, cookie: (await t.createUser()).cookie },
    {
      name: 'driver',
      role: 'driver',
      signedIn: true,
      cookie: (await t.createUser({ role: 'driver' })).cookie,
    },
  );
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A deterministic pseudo-random sequence, so a failure names a spelling that repeats. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

function encodeChar(char: string, upper: boolean): string {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
}

function encodeLetterAt(url: string, index: number, upper = false): string {
  return url.slice(0, index) + encodeChar(url[index]!, upper) + url.slice(index + 1);
}

function letterPositions(url: string): number[] {
  return [...url].flatMap((char, index) => (/[a-z]/i.test(char) ? [index] : []));
}

/** Odd spellings of a concrete path: each decodes or resolves to it, or is a near miss. */
function spellingsOf(url: string, random: (below: number) => number): string[] {
  const letters = letterPositions(url);
  const segments = url.split('/');
  const last = segments.length - 1;
  const pick = () => letters[random(letters.length)]!;
  const spellings = [
    encodeLetterAt(url, 1),
    encodeLetterAt(url, 1, true),
    encodeLetterAt(url, pick()),
    encodeLetterAt(url, pick(), true),
    [...url].map((char) => (/[a-z]/i.test(char) ? encodeChar(char, false) : char)).join(''),
    `/${url}`,
    url.replace('/api/', '/api//'),
    url.replace('/api/', '/api/./'),
    url.replace('/api/', `/api/${segments[2]}/../`),
    `${url}/`,
    `${url};x=1`,
    url.replace('/api/', '/api;x=1/'),
    url.replace('/api/', '/%2561pi/'),
    url.replace(/^\/api\//, '/%61pi/'),
    url.replace(/^\/api\//, '/API/'),
    url.replace(/^\/api\//, '/api%2F'),
    url.replace(/^\/api\//, '/api\\'),
    segments.map((segment, index) => (index === last ? segment.toUpperCase() : segment)).join('/'),
  ];
  return [...new Set(spellings)].filter((spelling) => spelling !== url);
}

function concreteUrl(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, SAMPLE_ID).replace('*', 'sign-in/email');
}

/** The permission the matched route declares (as recorded by the test hooks). */
function permissionOf(matched: string): Permission | undefined {
  const permission = matched.split(' ')[1];
  return permission === 'none' ? undefined : (permission as Permission);
}

async function send(method: string, url: string, headers: Record<string, string>) {
  probes += 1;
  const probe = String(probes);
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, [PROBE]: probe },
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    payloadAsStream: true,
  });
  const body = response.stream();
  // An event stream stays open; everything else is read to the end.
  if (String(response.headers['content-type']).startsWith('text/event-stream')) body.destroy();
  else body.resume();
  const matched = matchedRoutes.get(probe);
  matchedRoutes.delete(probe);
  return { response, matched };
}

describe('every route, spelled another way', () => {
  it('is refused or gets exactly the permission of the route it reaches', async () => {
    const table = await t.app.settings.accessTable();
    const random = seeded(20261123);
    const failures: string[] = [];
    let tried = 0;
    let noRoute = 0;
    const routes = t.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api') && route.method !== 'HEAD',
    );
    for (const route of routes) {
      for (const spelling of spellingsOf(concreteUrl(route.url), random)) {
        for (const viewer of viewers) {
          tried += 1;
          const { response, matched } = await send(route.method, spelling, {
            origin: TEST_ORIGIN,
            ...(viewer.cookie ? { cookie: viewer.cookie } : {}),
          });
          const status = response.statusCode;
          if (status >= 500) {
            failures.push(`${route.method} ${spelling} as ${viewer.name}: ${status}`);
            continue;
          }
          if (matched === undefined || matched === NO_ROUTE) {
            // No route matched (or none was recorded): only a refusal will do.
            noRoute += 1;
            if (![401, 403, 404].includes(status)) {
              failures.push(
                `${route.method} ${spelling} as ${viewer.name} matched no route (${matched ?? 'nothing recorded'}) but got ${status}`,
              );
            }
            continue;
          }
          const permission = permissionOf(matched);
          const expected =
            permission === undefined ? 'forbidden' : checkPermission(permission, viewer, table);
          const ok =
            expected === 'unauthenticated'
              ? status === 401
              : expected === 'forbidden'
                ? status === 403
                : status !== 401 && status !== 403;
          if (!ok) {
            failures.push(
              `${route.method} ${spelling} as ${viewer.name} reached ${matched}: expected ${expected}, got ${status}`,
            );
          }
        }
      }
    }
    console.log(
      `path spellings: ${tried} requests (${tried - noRoute} reached a route, ${noRoute} none), ${failures.length} failures`,
    );
    expect(tried).toBeGreaterThan(1000);
    // Both kinds are tried: spellings that reach a route and ones that reach none.
    expect(noRoute).toBeGreaterThan(100);
    expect(tried - noRoute).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it('refuses a cross-site write on every path, whatever its spelling', async () => {
    const random = seeded(7);
    const failures: string[] = [];
    const writes = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    for (const route of writes) {
      const url = concreteUrl(route.url);
      for (const spelling of [url, ...spellingsOf(url, random), '/no/such/path']) {
        const { response } = await send(route.method, spelling, {
          origin: 'https://evil.example',
          cookie: admin.cookie,
        });
        if (response.statusCode !== 403) {
          failures.push(`${route.method} ${spelling}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('does not hand customers, users or the mail outbox to an anonymous visitor', async () => {
    for (const url of [
      '/%61pi/customers',
      '/%61pi/mail',
      '/%2561pi/customers',
      '//api/customers',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('"customers"');
    }
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/%61pi/users/${admin.id}`,
      headers: { origin: TEST_ORIGIN },
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(401);
  });
});
