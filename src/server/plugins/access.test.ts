import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PERMISSIONS, checkPermission, ROLES, type Role } from '../../domain/access';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

let t: TestApp;
const cookies = new Map<Role | 'no-role', string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) cookies.set(role, (await t.createUser({ role })).cookie);
  cookies.set('no-role', (await t.createUser({ role: null })).cookie);
});
afterAll(() => t.close());

/** Routes worth checking: ours, not better-auth's own or the docs (both public by design). */
function featureRoutes() {
  return t.app.registeredRoutes.filter(
    (route) =>
      route.method !== 'HEAD' &&
      !route.url.startsWith('/api/auth/') &&
      !route.url.startsWith('/api/docs'),
  );
}

function concreteUrl(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
}

describe('every API route', () => {
  it('declares the permission it needs', () => {
    const missing = t.app.registeredRoutes.filter((route) => route.permission === undefined);
    expect(missing).toEqual([]);
    expect(t.app.registeredRoutes.length).toBeGreaterThan(2);
  });

  it('answers anonymous, no-role, admin, operator, dispatcher and driver as its permission says', async () => {
    const table = await t.app.settings.accessTable();
    const viewers: {
      name: string;
      cookie: string | undefined;
      role: Role | null;
      signedIn: boolean;
    }[] = [
      { name: 'anonymous', cookie: undefined, role: null, signedIn: false },
      { name: 'no-role', cookie: cookies.get('no-role'), role: null, signedIn: true },
      ...ROLES.map((role) => ({ name: role, cookie: cookies.get(role), role, signedIn: true })),
    ];
    const failures: string[] = [];
    for (const route of featureRoutes()) {
      for (const viewer of viewers) {
        const expected = checkPermission(route.permission!, viewer, table);
        // As a stream: a server-sent-events route (config.sse) answers with
        // its head and then stays open, so the body is not waited for.
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { origin: TEST_ORIGIN, ...(viewer.cookie ? { cookie: viewer.cookie } : {}) },
          ...(route.method === 'GET' ? {} : { payload: {} }),
          payloadAsStream: true,
        });
        const body = response.stream();
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          body.destroy();
        } else {
          body.resume();
        }
        const got = response.statusCode;
        const ok =
          expected === 'unauthenticated'
            ? got === 401
            : expected === 'forbidden'
              ? got === 403
              : got !== 401 && got !== 403 && got < 500;
        if (!ok)
          failures.push(
            `${route.method} ${route.url} as ${viewer.name}: expected ${expected}, got ${got}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('knows every permission it is asked about', () => {
    for (const route of t.app.registeredRoutes) {
      expect(Object.keys(API_PERMISSIONS)).toContain(route.permission);
    }
  });
});
