import { describe, expect, it } from 'vitest';
import { jobVehicleId } from './job-vehicle';

const PLANNED = 'car-planned';
const SHIFT = 'car-of-shift';

describe('the car a job is driven in', () => {
  it.each(['en-route', 'arrived', 'on-board'] as const)(
    'is the open shift’s car at %s, whatever was planned',
    (to) => {
      expect(jobVehicleId(to, { onBooking: PLANNED, ofOpenShift: SHIFT })).toBe(SHIFT);
      expect(jobVehicleId(to, { onBooking: null, ofOpenShift: SHIFT })).toBe(SHIFT);
    },
  );

  it('keeps the car the job has when the driver is off shift', () => {
    expect(jobVehicleId('en-route', { onBooking: PLANNED, ofOpenShift: null })).toBe(PLANNED);
    expect(jobVehicleId('on-board', { onBooking: null, ofOpenShift: null })).toBeNull();
  });

  it.each(['completed', 'no-show', 'cancelled', 'assigned', 'pending'] as const)(
    'is not rewritten by %s: a finished trip keeps the car that carried it',
    (to) => {
      expect(jobVehicleId(to, { onBooking: PLANNED, ofOpenShift: SHIFT })).toBe(PLANNED);
    },
  );
});
