import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepDriverCache, restoreDriverCache, saveDriverCache } from './persist-driver-cache';

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

/** What a phone reopened now would show of `queryKey`. */
async function keptNow(queryKey: readonly unknown[]): Promise<unknown> {
  const reopened = new QueryClient();
  await restoreDriverCache(reopened);
  return reopened.getQueryData(queryKey);
}

afterEach(() => {
  vi.useRealTimers();
});

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

  it('keeps the copy current while a screen re-renders every second, as My Jobs does for its countdowns', async () => {
    // fake-indexeddb works through setImmediate: only the clocks the saving waits on are faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const client = clientWith(DRIVER);
    keepDriverCache(client);
    // Each job card asks for the session on every render with a new inline
    // queryFn: the cache hears 'observerOptionsUpdated', though nothing changed.
    const session = new QueryObserver(client, { queryKey: ['me'], queryFn: () => DRIVER });
    // Two cards, each re-rendered once a second.
    const rerendering = setInterval(
      () => session.setOptions({ queryKey: ['me'], queryFn: () => DRIVER }),
      500,
    );
    const jobsNow = { ...JOBS, upcoming: [{ id: 'job-2' }] };
    client.setQueryData(['driver-app', 'jobs'], jobsNow);
    await vi.advanceTimersByTimeAsync(1_500);
    // The home screen's answer, read again by the driver layout while My Jobs is open.
    const homeNow = { shift: { id: 'shift-2' } };
    client.setQueryData(['driver-app', 'home'], homeNow);
    await vi.advanceTimersByTimeAsync(1_500);
    clearInterval(rerendering);
    vi.useRealTimers();

    await vi.waitFor(async () => expect(await keptNow(['driver-app', 'jobs'])).toEqual(jobsNow));
    await vi.waitFor(async () => expect(await keptNow(['driver-app', 'home'])).toEqual(homeNow));
  });
});
