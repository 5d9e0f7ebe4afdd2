import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingDetailResponse } from '../../dispatch/api/get-booking';
import { getBookingQueryKey } from '../../dispatch/api/get-booking';
import { JOB_CLASHES_QUERY_KEY } from '../../dispatch/api/get-job-clashes';
import { testBooking } from '../../../test/booking-fixtures';
import { BOOKINGS_QUERY_KEY } from '../../dispatch/api/get-bookings';
import { applyLiveEvent, EVENT_BURST_MS } from './live-cache';

describe('applyLiveEvent: a booking.updated event and the open booking details', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  /** The details panel's query, open (observed) as the panel holds it; reads answer in turn. */
  function openDetails(id: string, answers: Array<Promise<BookingDetailResponse>>) {
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: getBookingQueryKey(id),
      queryFn: () => answers[reads++] ?? Promise.reject(new Error('no more answers')),
    });
    const unsubscribe = observer.subscribe(() => {});
    return { unsubscribe, reads: () => reads };
  }

  it('reads the details again when the change comes while their first read is on its way', async () => {
    const before = testBooking({ status: 'en-route' });
    const after = { ...before, status: 'arrived' as const };
    let answerFirst: (value: BookingDetailResponse) => void = () => {};
    const first = new Promise<BookingDetailResponse>((resolve) => (answerFirst = resolve));
    const details = openDetails(before.id, [
      first,
      Promise.resolve({ booking: after, events: [] }),
    ]);

    applyLiveEvent(client, { type: 'booking.updated', booking: after });
    // The first read was answered from before the change.
    answerFirst({ booking: before, events: [] });

    await expect
      .poll(
        () =>
          client.getQueryData<BookingDetailResponse>(getBookingQueryKey(before.id))?.booking.status,
      )
      .toBe('arrived');
    expect(details.reads()).toBe(2);
    details.unsubscribe();
  });

  it('shows the change at once on details already read, and reads their history again', async () => {
    const before = testBooking({ status: 'en-route' });
    const after = { ...before, status: 'arrived' as const };
    const details = openDetails(before.id, [
      Promise.resolve({ booking: before, events: [] }),
      new Promise<BookingDetailResponse>(() => {}),
    ]);
    await expect.poll(() => client.getQueryData(getBookingQueryKey(before.id))).toBeDefined();

    applyLiveEvent(client, { type: 'booking.updated', booking: after });

    expect(
      client.getQueryData<BookingDetailResponse>(getBookingQueryKey(before.id))?.booking.status,
    ).toBe('arrived');
    await expect.poll(details.reads).toBe(2);
    details.unsubscribe();
  });

  it("reads Assign's clashes again when any booking changes: another job given or moved may clash", async () => {
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: [...JOB_CLASHES_QUERY_KEY, 'open-booking'],
      queryFn: () => Promise.resolve({ clashes: [], read: ++reads }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => reads).toBe(1);
    applyLiveEvent(client, { type: 'booking.updated', booking: testBooking({ id: 'another' }) });
    await expect.poll(() => reads).toBe(2);
    unsubscribe();
  });

  it('reads the counts once for a burst of events, not once per event (a bulk assign)', async () => {
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: [...BOOKINGS_QUERY_KEY, 'count', { status: ['pending'] }],
      queryFn: async () => ++reads,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => reads).toBe(1);
    for (let index = 0; index < 40; index += 1) {
      applyLiveEvent(client, {
        type: 'booking.updated',
        booking: testBooking({ id: `bulk-${index}`, status: 'assigned' }),
      });
    }
    await expect.poll(() => reads).toBe(2);
    // Nothing more is waiting: a while on, it was read twice in all.
    await new Promise((resolve) => setTimeout(resolve, EVENT_BURST_MS * 2));
    expect(reads).toBe(2);
    unsubscribe();
  });

  it('leaves a booking nobody opened alone', () => {
    const booking = testBooking();
    applyLiveEvent(client, { type: 'booking.updated', booking });
    expect(
      client.getQueryCache().find({ queryKey: getBookingQueryKey(booking.id) }),
    ).toBeUndefined();
  });
});

describe('applyLiveEvent: a driver.updated event and the Assign lists', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  const AT = '2030-01-01T00:00:00.000Z';
  const driver = (id: string, lat: number, lng: number, distanceMeters: number) => ({
    id,
    userId: null,
    firstName: id,
    lastName: 'Driver',
    email: null,
    phone: null,
    rating: null,
    status: 'active' as const,
    availability: 'free' as const,
    location: { lat, lng, updatedAt: AT, isStale: false },
    vehicle: null,
    createdAt: AT,
    distanceMeters,
  });
  // Perth Airport T1: the pickup these lists were read for.
  const AIRPORT = { lat: -31.9403, lng: 115.9669 };
  const key = ['drivers', 'nearest', AIRPORT.lat, AIRPORT.lng, 50];

  it("moves a listed driver's distance with their position, as the server measures it", () => {
    const near = driver('jack', -31.945, 115.97, 600);
    const other = driver('amy', -31.95, 115.86, 10_100);
    client.setQueryData(key, { drivers: [near, other] });

    // Jack's phone reports from Rockingham way, about 34 km south.
    const { distanceMeters: _, ...moved } = driver('jack', -32.2, 115.76, 0);
    applyLiveEvent(client, { type: 'driver.updated', driver: moved });

    const listed = client.getQueryData<{ drivers: ReturnType<typeof driver>[] }>(key)!.drivers;
    const jack = listed.find((item) => item.id === 'jack')!;
    expect(jack.location).toMatchObject({ lat: -32.2, lng: 115.76 });
    expect(jack.distanceMeters).toBeGreaterThan(33_000);
    expect(jack.distanceMeters).toBeLessThan(35_000);
    expect(listed.find((item) => item.id === 'amy')!.distanceMeters).toBe(10_100);
  });

  it('leaves a list that does not hold the driver alone', () => {
    const list = { drivers: [driver('amy', -31.95, 115.86, 10_100)] };
    client.setQueryData(key, list);
    const { distanceMeters: _, ...jack } = driver('jack', -32.2, 115.76, 0);
    applyLiveEvent(client, { type: 'driver.updated', driver: jack });
    expect(client.getQueryData(key)).toBe(list);
  });
});
