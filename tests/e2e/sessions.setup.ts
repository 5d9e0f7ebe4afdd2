import { expect, request, test } from '@playwright/test';
import { DEMO_ACCOUNTS, sessionFile, type DemoRole } from './support/sessions';

test('the demo admin, dispatcher and driver sign in once for the journeys', async ({ baseURL }) => {
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS) as [DemoRole, string][]) {
    const api = await request.newContext({ baseURL: baseURL! });
    try {
      const signedIn = await api.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL! },
        data: { email, password: 'demo1234' },
      });
      expect(signedIn.status()).toBe(200);
      await api.storageState({ path: sessionFile(role) });
    } finally {
      await api.dispose();
    }
  }
});
