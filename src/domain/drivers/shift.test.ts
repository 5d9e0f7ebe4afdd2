import { describe, expect, it } from 'vitest';
import { parseOdometer } from './odometer';
import { shiftRefusal } from './shift';

const driver = { status: 'offline', deactivated: false, onLeave: false };
const vehicle = { registration: '1ABC234', status: 'active', mayDrive: true, inUseBy: null };

describe('shiftRefusal', () => {
  it('lets an offline driver start in an active vehicle they may drive', () => {
    expect(shiftRefusal({ driver, vehicle })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(shiftRefusal({ driver: { ...driver, status: 'suspended' }, vehicle })).toMatch(
      /suspended/,
    );
    expect(shiftRefusal({ driver: { ...driver, deactivated: true }, vehicle })).toMatch(/inactive/);
    expect(shiftRefusal({ driver: { ...driver, onLeave: true }, vehicle })).toMatch(/on leave/);
    expect(shiftRefusal({ driver, vehicle: null })).toBe('Pick a vehicle to start your shift.');
    expect(shiftRefusal({ driver, vehicle: { ...vehicle, status: 'in-service' } })).toBe(
      'Vehicle 1ABC234 is not active. Pick another vehicle.',
    );
    expect(shiftRefusal({ driver, vehicle: { ...vehicle, mayDrive: false } })).toBe(
      'You may not drive 1ABC234. Pick another vehicle.',
    );
    expect(shiftRefusal({ driver, vehicle: { ...vehicle, inUseBy: 'Aiden Clarke' } })).toBe(
      '1ABC234 is in use: Aiden Clarke is on shift in it. Pick another vehicle.',
    );
  });
});

describe('parseOdometer', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['0', 0],
    ['120345', 120345],
    ['120,345', 120345],
    ['1,234,567', 1234567],
    ['9999999', 9999999],
  ])('reads %j as %j km', (text, km) => {
    expect(parseOdometer(text)).toEqual({ km });
  });

  it.each(['12345.6', '-5', '1e5', '12abc', '12,34', '1,2345', '0x10'])(
    'refuses %j, never reading it as another number',
    (text) => {
      expect(parseOdometer(text)).toEqual({
        problem: 'Enter whole kilometres, as the odometer shows them',
      });
    },
  );

  it('refuses a reading past seven digits', () => {
    expect(parseOdometer('10000000')).toEqual({ problem: 'Must be at most 9,999,999 km' });
  });
});
