import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub';
import { fakeGeolocation } from '../../../test/driver-fixtures';
import { useShareLocation } from './use-share-location';

const START = new Date('2026-03-02T00:00:00.000Z').getTime();
const PERTH = { lat: -31.9523, lng: 115.8613 };
// 0.0009° of latitude is about 100 m.
const north = (meters: number) => ({ lat: PERTH.lat + (meters / 100) * 0.0009, lng: PERTH.lng });

/** The phone's GPS, reading `position` at `secondsIn` seconds after the start. */
function phoneAt(gps: ReturnType<typeof fakeGeolocation>) {
  return {
    ...gps,
    async read(secondsIn: number, position: { lat: number; lng: number }) {
      vi.setSystemTime(START + secondsIn * 1000);
      await gps.read(position);
    },
  };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let isServerUp = true;
let tries: { lat: number; lng: number }[] = [];
const sent = () => tries.length;

beforeEach(() => {
  // Only the clock is faked: the hook reads Date.now() for its throttle.
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  isServerUp = true;
  tries = [];
  stubApi({
    'POST /api/drivers/me/location': ({ body }) => {
      tries.push(body as { lat: number; lng: number });
      return isServerUp
        ? jsonResponse(200, { driver: {} })
        : errorResponse(503, 'UNAVAILABLE', 'Try again');
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useShareLocation', () => {
  it('sends after 25 m or 15 s, never within 5 s of the last send or of a failed try', async () => {
    const gps = phoneAt(fakeGeolocation());
    const { result } = renderHook(() => useShareLocation('shift-1'), { wrapper });
    expect(result.current.sharing.state).toBe('waiting');

    await gps.read(0, north(0));
    await waitFor(() => expect(sent()).toBe(1));
    await waitFor(() => expect(result.current.sharing.state).toBe('sharing'));

    // 100 m on, but within 5 s of the last: not yet.
    await gps.read(1, north(100));
    expect(sent()).toBe(1);
    // 5 s on and moved more than 25 m: sent.
    await gps.read(6, north(100));
    await waitFor(() => expect(sent()).toBe(2));
    // Standing still: nothing until 15 s after the last send.
    await gps.read(12, north(100));
    await gps.read(20, north(110));
    expect(sent()).toBe(2);
    await gps.read(21, north(110));
    await waitFor(() => expect(sent()).toBe(3));

    // A dead zone: the try fails, and a GPS reading every second does not try again...
    isServerUp = false;
    await gps.read(30, north(300));
    await waitFor(() => expect(tries).toHaveLength(4));
    for (const second of [31, 32, 33, 34]) await gps.read(second, north(300 + second));
    expect(tries).toHaveLength(4);
    // ...until 5 s after the failed try.
    isServerUp = true;
    await gps.read(35, north(340));
    await waitFor(() => expect(tries).toHaveLength(5));
    expect(tries[4]).toMatchObject(north(340));
  });

  it('stops at End Shift and starts afresh on the next shift', async () => {
    const gps = phoneAt(fakeGeolocation());
    const { result, rerender } = renderHook(({ shiftId }) => useShareLocation(shiftId), {
      wrapper,
      initialProps: { shiftId: 'shift-1' as string | null },
    });
    await gps.read(0, north(0));
    await waitFor(() => expect(sent()).toBe(1));

    rerender({ shiftId: null });
    expect(gps.geolocation.clearWatch).toHaveBeenCalledWith(7);
    expect(result.current.sharing.state).toBe('off');
    await gps.read(60, north(500));
    expect(sent()).toBe(1);

    // A new shift sends its first position at once, 1 s after the last of the old one.
    rerender({ shiftId: 'shift-2' });
    expect(gps.geolocation.watchPosition).toHaveBeenCalledTimes(2);
    await gps.read(61, north(500));
    await waitFor(() => expect(sent()).toBe(2));
  });

  it('stops when the driver app closes', async () => {
    const gps = phoneAt(fakeGeolocation());
    const { unmount } = renderHook(() => useShareLocation('shift-1'), { wrapper });
    await gps.read(0, north(0));
    await waitFor(() => expect(sent()).toBe(1));
    unmount();
    expect(gps.geolocation.clearWatch).toHaveBeenCalledWith(7);
    await gps.read(30, north(500));
    expect(sent()).toBe(1);
  });

  it('says so when the driver denies the location permission', async () => {
    const gps = phoneAt(fakeGeolocation());
    const { result } = renderHook(() => useShareLocation('shift-1'), { wrapper });
    await gps.deny();
    expect(result.current.sharing.state).toBe('denied');
    expect(sent()).toBe(0);
  });
});
