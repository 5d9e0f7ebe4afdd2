import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from './status';
import { isSuspendedDriversStep, RETURNED_ON_SUSPENSION } from './suspended-driver';

describe('a suspended driver', () => {
  it('gives back every job without a passenger aboard, and keeps the ride on board', () => {
    expect(RETURNED_ON_SUSPENSION).toEqual(['assigned', 'en-route', 'arrived']);
    expect(RETURNED_ON_SUSPENSION).not.toContain('on-board');
  });

  it('may only complete the ride on board', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => isSuspendedDriversStep(from, to)).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(allowed).toEqual(['on-board>completed']);
  });
});
