import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function signInStatuses(t: TestApp, forwardedFor: string, times: number) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.test', password: 'wrong password 1' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY (behind a load balancer)', () => {
  it('counts each client behind the trusted proxy on its own', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1', SIGN_IN_IP_LIMIT: '2' });
    apps.push(t);
    expect(await signInStatuses(t, '198.51.100.1', 3)).toEqual([401, 401, 429]);
    expect(await signInStatuses(t, '198.51.100.2', 1)).toEqual([401]);
  });

  it('without it, ignores X-Forwarded-For: a client cannot pick a fresh address', async () => {
    const t = await createTestApp({ SIGN_IN_IP_LIMIT: '2' });
    apps.push(t);
    expect(await signInStatuses(t, '198.51.100.1', 2)).toEqual([401, 401]);
    expect(await signInStatuses(t, '198.51.100.2', 1)).toEqual([429]);
  });
});
