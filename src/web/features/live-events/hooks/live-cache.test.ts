import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingDetailResponse } from '../../dispatch/api/get-booking';
import { getBookingQueryKey } from '../../dispatch/api/get-booking';
import { testBooking } from '../../../test/booking-fixtures';
import { applyLiveEvent } from './live-cache';

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

  it('leaves a booking nobody opened alone', () => {
    const booking = testBooking();
    applyLiveEvent(client, { type: 'booking.updated', booking });
    expect(
      client.getQueryCache().find({ queryKey: getBookingQueryKey(booking.id) }),
    ).toBeUndefined();
  });
});
