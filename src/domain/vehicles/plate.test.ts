import { describe, expect, it } from 'vitest';
import { isWaPlate, normalizePlate, plateKey } from './plate';

describe('WA plates', () => {
  it.each(['1ABC 234', '1abc234', 'ABC 123', 'PERTH1', 'WA-123', '  1xyz   999 '])(
    'accepts %s',
    (plate) => {
      expect(isWaPlate(plate)).toBe(true);
    },
  );

  it.each(['', 'A', '1ABC 23456', 'AB@123', '1ABC  -234', '-ABC', 'ÄBC 123'])(
    'refuses %j',
    (plate) => {
      expect(isWaPlate(plate)).toBe(false);
    },
  );

  it('stores plates in upper case with single spaces', () => {
    expect(normalizePlate('  1abc   234 ')).toBe('1ABC 234');
  });

  it('treats plates that differ only by spaces or hyphens as the same plate', () => {
    expect(plateKey('1abc 234')).toBe(plateKey('1ABC-234'));
    expect(plateKey('1ABC234')).toBe('1ABC234');
  });
});
