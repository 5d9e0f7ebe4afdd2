import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { restoreDriverCache, saveDriverCache } from './persist-driver-cache';

const JOBS = { current: null, upcoming: [{ id: 'job-1' }], noShowWaitMinutes: 10 };
const DRIVER = { user: { id: 'u1', email: 'driver@demo.test', name: 'Dee' }, role: 'driver' };

function clientWith(me: unknown) {
  const client = new QueryClient();
  client.setQueryData(['me'], me);
  client.setQueryData(['driver-app', 'jobs'], JOBS);
  client.setQueryData(['public-settings'], { timeZone: 'Australia/Perth' });
  client.setQueryData(['customers', 'list'], ['not for the phone']);
  return client;
}

describe('the driver screens kept on the phone', () => {
  it('brings back the last known jobs, the session and the settings, and nothing else', async () => {
    await saveDriverCache(clientWith(DRIVER), 1_000);
    const reopened = new QueryClient();
    await restoreDriverCache(reopened, 2_000);
    expect(reopened.getQueryData(['driver-app', 'jobs'])).toEqual(JOBS);
    expect(reopened.getQueryData(['me'])).toEqual(DRIVER);
    expect(reopened.getQueryData(['public-settings'])).toEqual({ timeZone: 'Australia/Perth' });
    expect(reopened.getQueryData(['customers', 'list'])).toBeUndefined();
    // A stand-in until the network answers, never taken as fresh.
    expect(reopened.getQueryState(['driver-app', 'jobs'])?.isInvalidated).toBe(true);
  });

  it('keeps nothing once nobody (or no driver) is signed in', async () => {
    await saveDriverCache(clientWith(null), 1_000);
    const reopened = new QueryClient();
    await restoreDriverCache(reopened, 2_000);
    expect(reopened.getQueryData(['driver-app', 'jobs'])).toBeUndefined();
    expect(reopened.getQueryData(['me'])).toBeUndefined();
  });

  it('does not show a copy older than a day', async () => {
    await saveDriverCache(clientWith(DRIVER), 0);
    const reopened = new QueryClient();
    await restoreDriverCache(reopened, 24 * 60 * 60 * 1000 + 1);
    expect(reopened.getQueryData(['driver-app', 'jobs'])).toBeUndefined();
  });
});
