import { describe, expect, it } from 'vitest';
import { driverJobsAnswer, groupDriverJobs, noShowRefusal, tapTime } from './driver-jobs';

const arrived = new Date('2026-03-02T01:00:00Z');
const after = (minutes: number) => new Date(arrived.getTime() + minutes * 60_000);

describe('noShowRefusal', () => {
  it('refuses before the waiting time, with the minutes left', () => {
    expect(noShowRefusal(arrived, after(0))).toBe(
      'Wait 10 minutes at the pickup before marking a no-show: 10 minutes left.',
    );
    expect(noShowRefusal(arrived, after(9.5))).toMatch(/1 minute left\.$/);
  });

  it('allows a no-show once the waiting time has passed', () => {
    expect(noShowRefusal(arrived, after(10))).toBeNull();
    expect(noShowRefusal(arrived, after(3), 3)).toBeNull();
  });

  it('needs an arrival first', () => {
    expect(noShowRefusal(null, after(30))).toBe('Mark Arrived at the pickup before a no-show.');
  });
});

describe('tapTime', () => {
  const now = new Date('2026-03-02T02:00:00Z');

  it('is now without a phone time, and the phone time when it is plausible', () => {
    expect(tapTime(undefined, now)).toEqual({ at: now });
    expect(tapTime('2026-03-02T01:55:00Z', now)).toEqual({ at: new Date('2026-03-02T01:55:00Z') });
  });

  it('takes a slightly fast phone clock as now and refuses implausible times', () => {
    expect(tapTime('2026-03-02T02:01:00Z', now)).toEqual({ at: now });
    expect(tapTime('2026-03-02T02:10:00Z', now)).toEqual({ problem: 'is in the future' });
    expect(tapTime('2026-03-01T01:00:00Z', now)).toEqual({ problem: 'is more than 24 hours ago' });
  });
});

describe('groupDriverJobs and driverJobsAnswer', () => {
  const jobs = [
    { id: 'a', status: 'assigned' },
    { id: 'b', status: 'arrived' },
    { id: 'c', status: 'assigned' },
    { id: 'd', status: 'en-route' },
  ] as const;

  it('groups every job in progress apart from the assigned ones, in pickup order', () => {
    const { inProgress, upcoming } = groupDriverJobs(jobs);
    expect(inProgress.map((job) => job.id)).toEqual(['b', 'd']);
    expect(upcoming.map((job) => job.id)).toEqual(['a', 'c']);
  });

  it('answers the first job in progress as current and keeps every other job listed', () => {
    const { current, upcoming } = driverJobsAnswer(jobs);
    expect(current?.id).toBe('b');
    // A second job in progress never drops out of the answer.
    expect(upcoming.map((job) => job.id)).toEqual(['a', 'c', 'd']);
  });

  it('has no current job when none is in progress', () => {
    expect(driverJobsAnswer([{ status: 'assigned' as const }]).current).toBeNull();
  });
});
