import { describe, expect, it } from 'vitest';
import {
  DRIVER_RECORD_STATUS_LABELS,
  DriverCreateInputSchema,
  driverAccountLabel,
  driverRecordStatus,
  rosterVehicleText,
  vehicleDriversText,
  type RosterVehicle,
} from './roster';
import { averageRating, formatRating } from './rating';

describe('driverRecordStatus', () => {
  it('is inactive once deactivated, whatever the shift status', () => {
    expect(
      driverRecordStatus({ status: 'active', deactivatedAt: new Date(), isCompliant: true }),
    ).toBe('inactive');
  });

  it('is suspended while suspended, else active whether on shift or not', () => {
    expect(
      driverRecordStatus({ status: 'suspended', deactivatedAt: null, isCompliant: false }),
    ).toBe('suspended');
    expect(driverRecordStatus({ status: 'offline', deactivatedAt: null, isCompliant: true })).toBe(
      'active',
    );
    expect(driverRecordStatus({ status: 'active', deactivatedAt: null, isCompliant: true })).toBe(
      'active',
    );
  });

  it('is pending verification, never active, until the required documents are in order', () => {
    expect(driverRecordStatus({ status: 'offline', deactivatedAt: null, isCompliant: false })).toBe(
      'pending',
    );
    expect(DRIVER_RECORD_STATUS_LABELS.pending).toBe('Pending verification');
  });
});

describe('ratings', () => {
  it('averages the ratings given to one decimal', () => {
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([5])).toBe(5);
  });

  it('has no average, not 0, before the first rating', () => {
    expect(averageRating([])).toBeNull();
    expect(formatRating(null)).toBe('No ratings yet');
    expect(formatRating(4.25)).toBe('4.3/5');
  });
});

describe('DriverCreateInputSchema', () => {
  it('stores an Australian mobile in E.164', () => {
    const parsed = DriverCreateInputSchema.parse({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '0412 345 678',
    });
    expect(parsed.phone).toBe('+61412345678');
  });

  it('refuses a phone that is not a number, naming the field', () => {
    const result = DriverCreateInputSchema.safeParse({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '12',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['phone']);
  });
});

describe('driverAccountLabel', () => {
  it('tells an invitation not yet accepted, with its day, from a linked account', () => {
    const perth = 'Australia/Perth';
    expect(
      driverAccountLabel({ accountState: 'invited', invitedAt: '2026-03-05T06:00:00.000Z' }, perth),
    ).toBe('Invited Mar 5, 2026, not yet accepted');
    expect(driverAccountLabel({ accountState: 'invited', invitedAt: null }, perth)).toBe(
      'Invited, not yet accepted',
    );
    expect(driverAccountLabel({ accountState: 'linked', invitedAt: null }, perth)).toBe('Linked');
    expect(driverAccountLabel({ accountState: 'none', invitedAt: null }, perth)).toBe('No account');
  });

  it("dates an invitation on the business's calendar, whatever the machine's zone", () => {
    // 6:30 pm UTC on the 29th is 2:30 am on the 30th in Perth (the Joined date's day).
    const late = { accountState: 'invited' as const, invitedAt: '2026-11-29T18:30:00.000Z' };
    expect(driverAccountLabel(late, 'Australia/Perth')).toBe(
      'Invited Nov 30, 2026, not yet accepted',
    );
    expect(driverAccountLabel(late, 'UTC')).toBe('Invited Nov 29, 2026, not yet accepted');
  });
});

describe('rosterVehicleText', () => {
  const car: RosterVehicle = {
    id: 'v1',
    registration: '1ABC 234',
    type: 'Multivan 6',
    make: 'Volkswagen',
    model: 'Multivan',
  };
  const other: RosterVehicle = { ...car, id: 'v2', registration: '1XYZ 987', type: 'Imax 7' };
  const none = { vehicle: null, shiftVehicle: null, vehicleTakenBy: null };

  it("names the open shift's vehicle", () => {
    expect(
      rosterVehicleText({ ...none, isOnShift: true, vehicle: car, shiftVehicle: other }),
    ).toEqual({ current: '1XYZ 987 · Imax 7', note: null });
  });

  it('off shift, says none and gives the recorded vehicle as the usual one', () => {
    expect(rosterVehicleText({ ...none, isOnShift: false, vehicle: car })).toEqual({
      current: 'None',
      note: 'usually 1ABC 234 · Multivan 6',
    });
    expect(rosterVehicleText({ ...none, isOnShift: false })).toEqual({
      current: 'None',
      note: null,
    });
  });

  it('never claims a vehicle another driver is on shift in, and says who', () => {
    const taken = { ...none, vehicle: car, vehicleTakenBy: 'Mia Tran' };
    for (const isOnShift of [false, true]) {
      expect(rosterVehicleText({ ...taken, isOnShift })).toEqual({
        current: 'None',
        note: 'usually 1ABC 234, now driven by Mia Tran',
      });
    }
  });

  it('on shift without a shift of their own (put on shift by dispatch), names the recorded vehicle', () => {
    expect(rosterVehicleText({ ...none, isOnShift: true, vehicle: car })).toEqual({
      current: '1ABC 234 · Multivan 6',
      note: null,
    });
  });
});

describe('vehicleDriversText', () => {
  const amy = { id: 'd1', name: 'Amy Usual' };
  const ben = { id: 'd2', name: 'Ben Shift' };

  it('names the driver on shift in it, apart from whose usual car it is', () => {
    expect(vehicleDriversText({ drivenBy: ben, usualDrivers: [amy] })).toEqual({
      current: 'Ben Shift',
      note: 'usual car of Amy Usual',
      hint: 'now driven by Ben Shift; usual car of Amy Usual',
    });
  });

  it('says none when nobody is on shift in it, whoever usually takes it', () => {
    expect(vehicleDriversText({ drivenBy: null, usualDrivers: [amy, ben] })).toEqual({
      current: 'None',
      note: 'usual car of Amy Usual, Ben Shift',
      hint: 'usual car of Amy Usual, Ben Shift',
    });
    expect(vehicleDriversText({ drivenBy: null, usualDrivers: [] })).toEqual({
      current: 'None',
      note: null,
      hint: null,
    });
  });

  it('leaves out the driver being edited', () => {
    expect(vehicleDriversText({ drivenBy: ben, usualDrivers: [amy, ben] }, ben.id)).toEqual({
      current: 'None',
      note: 'usual car of Amy Usual',
      hint: 'usual car of Amy Usual',
    });
  });
});
