import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { TEST_JOB } from '../../../test/driver-fixtures';
import type { Tap } from '../offline/tap-queue';
import { useDispatchChangeAlerts } from './use-dispatch-change-alerts';

const DRIVER = { id: 'd1', firstName: 'Dee', lastName: 'Driver', phone: null, rating: 4.8 };
const NO_TAPS: readonly Tap[] = [];
const REASON = "Expired: Driver's licence expired on Nov 28, 2026";

/** JOB001 to JOB004, the driver's, an hour apart. */
const JOBS: DriverJob[] = Array.from({ length: 4 }, (_, index) => ({
  ...TEST_JOB,
  id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  reference: `JOB${String(index + 1).padStart(3, '0')}`,
  pickupTime: new Date(Date.parse(TEST_JOB.pickupTime) + index * 3_600_000).toISOString(),
}));

/** The live event of a job the compliance pass handed back to dispatch. */
function handedBack(job: DriverJob): Booking {
  return {
    ...job,
    status: 'pending',
    driver: null,
    assignedAt: null,
    acknowledgementOverdueAt: null,
    declinedAt: null,
    declinedReason: null,
    returnedAt: '2026-03-01T00:00:00.000Z',
    returnedReason: REASON,
    fareSetByHand: false,
  } as Booking;
}

function renderAlerts() {
  return renderHook(
    ({ listed }: { listed: readonly DriverJob[] }) =>
      useDispatchChangeAlerts(DRIVER.id, listed, NO_TAPS, 'Australia/Perth'),
    { initialProps: { listed: JOBS } },
  );
}

describe('the driver’s notices of jobs taken away', () => {
  it('says why of jobs whose events came after the list read that found them gone', () => {
    const hook = renderAlerts();
    // A suspension: the first job's event comes, the list is read again at once
    // (the event asks for it) and finds every job gone; the others' events follow.
    act(() => hook.result.current.onBooking(handedBack(JOBS[0]!), 'system'));
    hook.rerender({ listed: [] });
    for (const job of JOBS.slice(1)) {
      act(() => hook.result.current.onBooking(handedBack(job), 'system'));
    }
    const { notices } = hook.result.current;
    expect(notices.map((notice) => notice.title)).toEqual(['Jobs handed back to dispatch']);
    expect(notices[0]!.text).toBe(
      "4 jobs were handed back to dispatch automatically because you were suspended (Driver's licence expired on Nov 28, 2026): JOB001 Monday, Mar 2, 2026 9:30 am, JOB002 Monday, Mar 2, 2026 10:30 am, JOB003 Monday, Mar 2, 2026 11:30 am and 1 more.",
    );
  });

  it('keeps saying a job is gone while no event says why, and drops it when one says it was finished', () => {
    const hook = renderAlerts();
    hook.rerender({ listed: [] });
    expect(hook.result.current.notices.map((notice) => notice.title)).toEqual([
      'Jobs no longer yours',
    ]);
    // Completed by dispatch: no news, as when its event comes before the read.
    act(() =>
      hook.result.current.onBooking({ ...handedBack(JOBS[0]!), status: 'completed' }, undefined),
    );
    // Still theirs (an older event): changes nothing.
    act(() =>
      hook.result.current.onBooking(
        { ...handedBack(JOBS[1]!), status: 'assigned', driver: DRIVER },
        undefined,
      ),
    );
    const { notices } = hook.result.current;
    expect(notices).toHaveLength(1);
    expect(notices[0]!.jobs.map((job) => job.reference)).toEqual(['JOB002', 'JOB003', 'JOB004']);
    expect(notices[0]!.text).toMatch(/^3 jobs are no longer on your list/);
  });
});
