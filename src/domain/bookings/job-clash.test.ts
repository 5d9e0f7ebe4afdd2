import { describe, expect, it } from 'vitest';
import { estimateLeg } from '../maps/drive-time';
import {
  findJobClash,
  jobClashLabel,
  jobClashWarning,
  reachableAt,
  TURNAROUND_MINUTES,
  UNKNOWN_TRIP_MINUTES,
  type PlannedJob,
} from './job-clash';

const PERTH = 'Australia/Perth';
const AIRPORT = { lat: -31.9403, lng: 115.9669 };
const CBD = { lat: -31.9523, lng: 115.8613 };
const FREMANTLE = { lat: -32.055, lng: 115.7477 };

/** 11:50 pm in Perth (UTC+8, no daylight saving) on 30 November 2026. */
const ELEVEN_FIFTY_PM = new Date('2026-11-30T15:50:00Z');
const minutes = (count: number) => count * 60_000;

function job(overrides: Partial<PlannedJob> & Pick<PlannedJob, 'id'>): PlannedJob {
  return {
    reference: overrides.id.toUpperCase(),
    pickupTime: ELEVEN_FIFTY_PM,
    durationSeconds: 20 * 60,
    pickup: AIRPORT,
    dropoff: CBD,
    shuttleRunId: null,
    ...overrides,
  };
}

describe('reachableAt', () => {
  it('adds the trip, the turnaround and the drive from the dropoff to the next pickup', () => {
    const leg = estimateLeg(CBD, FREMANTLE).seconds;
    const reached = reachableAt(job({ id: 'a' }), FREMANTLE);
    expect(reached.getTime()).toBe(
      ELEVEN_FIFTY_PM.getTime() + Math.round((20 + TURNAROUND_MINUTES) * 60 + leg) * 1000,
    );
  });

  it('counts an hour for a trip without a route and no drive without positions', () => {
    const reached = reachableAt(job({ id: 'a', durationSeconds: null, dropoff: null }), FREMANTLE);
    expect(reached.getTime()).toBe(
      ELEVEN_FIFTY_PM.getTime() + minutes(UNKNOWN_TRIP_MINUTES + TURNAROUND_MINUTES),
    );
  });
});

describe('findJobClash', () => {
  it("finds the tester's case: a Fremantle pickup eight minutes after an accepted airport job", () => {
    const accepted = job({ id: 'km42e9' });
    const fremantle = job({
      id: 'new',
      pickupTime: new Date(ELEVEN_FIFTY_PM.getTime() + minutes(8)),
      pickup: FREMANTLE,
    });
    const clash = findJobClash(fremantle, [accepted]);
    expect(clash?.other.reference).toBe('KM42E9');
    expect(clash?.isBefore).toBe(true);
    expect(clash?.reachedAt.getTime()).toBe(reachableAt(accepted, FREMANTLE).getTime());
  });

  it('finds a later job this one would run into', () => {
    const later = job({
      id: 'later',
      pickupTime: new Date(ELEVEN_FIFTY_PM.getTime() + minutes(25)),
      pickup: CBD,
    });
    const clash = findJobClash(job({ id: 'new' }), [later]);
    expect(clash).toMatchObject({ isBefore: false, other: { id: 'later' } });
  });

  it('lets jobs with time enough between them be', () => {
    const first = job({ id: 'first' });
    const free = reachableAt(first, CBD);
    const second = job({ id: 'second', pickup: CBD, pickupTime: free });
    expect(findJobClash(second, [first])).toBeNull();
    // A minute sooner and the driver would be late.
    const sooner = { ...second, pickupTime: new Date(free.getTime() - minutes(1)) };
    expect(findJobClash(sooner, [first])?.other.id).toBe('first');
  });

  it('never counts a job against itself or the stops of its own shuttle run', () => {
    const stop1 = job({ id: 'stop1', shuttleRunId: 'run' });
    const stop2 = job({ id: 'stop2', shuttleRunId: 'run', pickup: CBD });
    expect(findJobClash(stop1, [stop1, stop2])).toBeNull();
    // Another run at the same time does clash.
    expect(findJobClash(stop1, [{ ...stop2, shuttleRunId: 'other' }])?.other.id).toBe('stop2');
  });

  it('names the earliest clashing job first', () => {
    const early = job({
      id: 'early',
      pickupTime: new Date(ELEVEN_FIFTY_PM.getTime() - minutes(10)),
    });
    const late = job({ id: 'late', pickupTime: new Date(ELEVEN_FIFTY_PM.getTime() + minutes(10)) });
    expect(findJobClash(job({ id: 'new' }), [late, early])?.other.id).toBe('early');
  });
});

describe('jobClashWarning', () => {
  const accepted = job({ id: 'km42e9', durationSeconds: 40 * 60, dropoff: null });
  const fremantle = job({
    id: 'new',
    pickupTime: new Date(ELEVEN_FIFTY_PM.getTime() + minutes(8)),
    pickup: FREMANTLE,
  });

  it('says when the driver could reach this pickup after their earlier job', () => {
    const clash = findJobClash(fremantle, [accepted]);
    expect(clash && jobClashWarning('Amelia Scott', fremantle, clash, PERTH)).toBe(
      'Amelia Scott has job KM42E9 at 11:50 pm: after it they would reach this pickup about 12:40 am, not by 11:58 pm.',
    );
    expect(clash && jobClashLabel(clash, PERTH)).toBe('Job KM42E9 at 11:50 pm');
  });

  it('says when the driver could reach their later job after this one', () => {
    const clash = findJobClash({ ...accepted, id: 'new', reference: 'NEW' }, [
      { ...fremantle, id: 'later', reference: 'LATER1' },
    ]);
    expect(clash && jobClashWarning('Amelia Scott', accepted, clash, PERTH)).toBe(
      'Amelia Scott has job LATER1 at 11:58 pm: after this job they would reach its pickup about 12:40 am.',
    );
  });
});
