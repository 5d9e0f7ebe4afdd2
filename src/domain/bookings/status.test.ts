import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_STATUSES, canAssign, FINISHED_STATUSES, isFinished } from './status';

describe('booking status', () => {
  it('ends a booking at completed, cancelled or no-show', () => {
    expect([...FINISHED_STATUSES].sort()).toEqual(['cancelled', 'completed', 'no-show']);
    expect(isFinished('on-board')).toBe(false);
  });

  it('gives a pending or assigned booking to a driver, nothing else', () => {
    expect(ASSIGNABLE_STATUSES).toEqual(['pending', 'assigned']);
    expect(canAssign('pending')).toBe(true);
    expect(canAssign('assigned')).toBe(true);
    expect(canAssign('en-route')).toBe(false);
    expect(canAssign('completed')).toBe(false);
  });
});
