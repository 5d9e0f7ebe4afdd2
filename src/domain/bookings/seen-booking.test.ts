import { describe, expect, it } from 'vitest';
import { seenBookingChanges, seenBookingRefusal, type BookingNow } from './seen-booking';

const MIA = { id: 'd-mia', name: 'Mia Tran' };
const DAN = { id: 'd-dan', name: 'Dan Driver' };

describe('what changed since the booking was seen', () => {
  const now: BookingNow = { status: 'en-route', driver: MIA };

  it('is nothing when the status and the driver are as seen', () => {
    expect(seenBookingChanges({ status: 'en-route', driverId: MIA.id }, now)).toBeNull();
  });

  it('compares only what the caller sent', () => {
    expect(seenBookingChanges({}, now)).toBeNull();
    expect(seenBookingChanges({ status: 'en-route' }, now)).toBeNull();
    expect(seenBookingChanges({ driverId: MIA.id }, now)).toBeNull();
  });

  it('names the driver who has it now', () => {
    expect(seenBookingChanges({ status: 'en-route', driverId: DAN.id }, now)).toBe(
      'Mia Tran has it now',
    );
  });

  it('says the booking has no driver now', () => {
    expect(
      seenBookingChanges(
        { status: 'pending', driverId: MIA.id },
        { status: 'pending', driver: null },
      ),
    ).toBe('it has no driver now');
  });

  it('names the status it has now', () => {
    expect(seenBookingChanges({ status: 'assigned', driverId: MIA.id }, now)).toBe(
      'it is en-route now',
    );
  });

  it('names both when both changed', () => {
    expect(seenBookingChanges({ status: 'pending', driverId: null }, now)).toBe(
      'Mia Tran has it and it is en-route now',
    );
    expect(
      seenBookingChanges(
        { status: 'assigned', driverId: MIA.id },
        { status: 'pending', driver: null },
      ),
    ).toBe('it has no driver and is pending now');
  });
});

describe('the refusal of a status change made on an out-of-date view', () => {
  it('names who has the job and its status now, and the step not made', () => {
    expect(
      seenBookingRefusal(
        { status: 'pending', driverId: null },
        { status: 'arrived', driver: MIA },
        'cancelled',
      ),
    ).toBe(
      'This booking changed after you looked at it: Mia Tran has it and it is arrived now. Look at it again before cancelling it.',
    );
    expect(
      seenBookingRefusal(
        { status: 'assigned', driverId: DAN.id },
        { status: 'assigned', driver: MIA },
        'pending',
      ),
    ).toBe(
      'This booking changed after you looked at it: Mia Tran has it now. Look at it again before unassigning it.',
    );
    expect(
      seenBookingRefusal(
        { status: 'assigned', driverId: MIA.id },
        { status: 'en-route', driver: MIA },
        'en-route',
      ),
    ).toBe(
      'This booking changed after you looked at it: it is en-route now. Look at it again before marking it en-route.',
    );
  });

  it('is null when the booking is as seen', () => {
    expect(
      seenBookingRefusal(
        { status: 'assigned', driverId: MIA.id },
        { status: 'assigned', driver: MIA },
        'pending',
      ),
    ).toBeNull();
  });
});
