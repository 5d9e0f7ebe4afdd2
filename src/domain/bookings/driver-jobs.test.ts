import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SET_OFF_WINDOW_MINUTES,
  driverJobsAnswer,
  earlyStepRefusal,
  groupDriverJobs,
  jobsComingUp,
  noShowRefusal,
  noShowWaitMet,
  setOffOpensAt,
  tapTime,
} from './driver-jobs';

const arrived = new Date('2026-03-02T01:00:00Z');
const after = (minutes: number) => new Date(arrived.getTime() + minutes * 60_000);
/** Booked for the time the driver arrived: the wait starts at the arrival. */
const onTime = { arrivedAt: arrived, pickupTime: arrived };

describe('noShowRefusal', () => {
  it('refuses before the waiting time, with the minutes left', () => {
    expect(noShowRefusal(onTime, after(0))).toBe(
      'Wait 10 minutes at the pickup before marking a no-show: 10 minutes left.',
    );
    expect(noShowRefusal(onTime, after(9.5))).toMatch(/1 minute left\.$/);
  });

  it('allows a no-show once the waiting time has passed', () => {
    expect(noShowRefusal(onTime, after(10))).toBeNull();
    expect(noShowRefusal(onTime, after(3), 3)).toBeNull();
    // Arrived late: the wait runs from the arrival.
    expect(noShowRefusal({ arrivedAt: arrived, pickupTime: after(-30) }, after(10))).toBeNull();
  });

  it('waits from the pickup time when the driver arrived early: the passenger is not due yet', () => {
    const early = { arrivedAt: arrived, pickupTime: after(60) };
    expect(noShowRefusal(early, after(15))).toBe(
      'Wait until 10 minutes after the pickup time before marking a no-show: 55 minutes left.',
    );
    expect(noShowRefusal(early, after(69))).toMatch(/: 1 minute left\.$/);
    expect(noShowRefusal(early, after(70))).toBeNull();
  });

  it('needs an arrival first', () => {
    expect(noShowRefusal({ arrivedAt: null, pickupTime: arrived }, after(30))).toBe(
      'Mark Arrived at the pickup before a no-show.',
    );
  });
});

describe('noShowWaitMet', () => {
  // `arrived` is 9:00 am in Perth (UTC+8).
  const perth = 'Australia/Perth';

  it('says how long the driver has waited since arriving, when they came at or after the pickup time', () => {
    expect(noShowWaitMet(onTime, after(12.9), perth)).toBe(
      'You have waited 12 minutes since you arrived at 9:00 am.',
    );
    expect(noShowWaitMet({ arrivedAt: arrived, pickupTime: after(-30) }, after(1), perth)).toBe(
      'You have waited 1 minute since you arrived at 9:00 am.',
    );
  });

  it('counts from the pickup time when the driver arrived early, as the no-show wait does', () => {
    expect(noShowWaitMet({ arrivedAt: arrived, pickupTime: after(20) }, after(31), perth)).toBe(
      'You have waited 11 minutes since the pickup time, 9:20 am.',
    );
  });

  it('has nothing to say before the driver arrived', () => {
    expect(noShowWaitMet({ arrivedAt: null, pickupTime: arrived }, after(30), perth)).toBeNull();
  });
});

describe('earlyStepRefusal', () => {
  // 9:30 am on Sunday 29 November in Perth (UTC+8).
  const pickupTime = new Date('2026-11-29T01:30:00Z');
  const job = { pickupTime };
  const hoursBefore = (hours: number) => new Date(pickupTime.getTime() - hours * 3_600_000);
  const perth = 'Australia/Perth';

  it('opens En route two hours before the pickup time', () => {
    expect(DEFAULT_SET_OFF_WINDOW_MINUTES).toBe(120);
    expect(setOffOpensAt(pickupTime)).toEqual(hoursBefore(2));
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(2), perth)).toBeNull();
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(0.5), perth)).toBeNull();
    // Late is never refused.
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(-3), perth)).toBeNull();
  });

  it('refuses setting off the day before, saying when En route opens in the business time zone', () => {
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(20), perth)).toBe(
      'Too early to set off: En route opens at 7:30 am on Sunday, Nov 29, 2026, 2 hours before the pickup. To leave now, call dispatch: they can mark the job en route.',
    );
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(2.01), perth)).not.toBeNull();
  });

  it('refuses Completed before the window too (the pickup moved later after setting off)', () => {
    expect(earlyStepRefusal(job, 'completed', hoursBefore(5), perth)).toBe(
      'Too early to complete: the pickup is at 9:30 am on Sunday, Nov 29, 2026, and a job is completed no earlier than 2 hours before it. If the trip is over, call dispatch: they can mark it completed.',
    );
    expect(earlyStepRefusal(job, 'completed', hoursBefore(1.5), perth)).toBeNull();
  });

  it('opens as long before the pickup as Settings → Dispatch says, and names that window', () => {
    const sixHours = 6 * 60;
    expect(setOffOpensAt(pickupTime, sixHours)).toEqual(hoursBefore(6));
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(5), perth, sixHours)).toBeNull();
    expect(earlyStepRefusal(job, 'completed', hoursBefore(6), perth, sixHours)).toBeNull();
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(7), perth, sixHours)).toBe(
      'Too early to set off: En route opens at 3:30 am on Sunday, Nov 29, 2026, 6 hours before the pickup. To leave now, call dispatch: they can mark the job en route.',
    );
    // Shorter than the default: an hour and a half before is now too early.
    expect(earlyStepRefusal(job, 'en-route', hoursBefore(1.5), perth, 45)).toBe(
      'Too early to set off: En route opens at 8:45 am on Sunday, Nov 29, 2026, 45 minutes before the pickup. To leave now, call dispatch: they can mark the job en route.',
    );
    expect(earlyStepRefusal(job, 'completed', hoursBefore(3), perth, 150)).toMatch(
      /no earlier than 2 hours 30 minutes before it\./,
    );
  });

  it('leaves Arrived and Passenger on board alone: a driver waiting for a delayed flight is there', () => {
    for (const status of ['arrived', 'on-board', 'no-show'] as const) {
      expect(earlyStepRefusal(job, status, hoursBefore(20), perth)).toBeNull();
    }
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

describe('jobsComingUp', () => {
  const now = new Date('2026-03-02T01:00:00Z');
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

  it('names the assigned jobs picked up within 3 hours or due already, earliest first', () => {
    const jobs = [
      { id: 'later', status: 'assigned', pickupTime: at(3.5) },
      { id: 'soon', status: 'assigned', pickupTime: at(2.9) },
      { id: 'due', status: 'assigned', pickupTime: at(-0.5) },
      { id: 'started', status: 'en-route', pickupTime: at(0.5) },
      { id: 'edge', status: 'assigned', pickupTime: at(3) },
    ] as const;
    expect(jobsComingUp(jobs, now).map((job) => job.id)).toEqual(['due', 'soon', 'edge']);
  });
});
