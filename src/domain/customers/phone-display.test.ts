import { describe, expect, it } from 'vitest';
import { normalizeAuPhone } from './phone';
import { phoneForDisplay } from './phone-display';

describe('phoneForDisplay', () => {
  it('writes stored Australian numbers as they are said here', () => {
    expect(phoneForDisplay('+61412345678')).toBe('0412 345 678');
    expect(phoneForDisplay('+61892211234')).toBe('(08) 9221 1234');
    expect(phoneForDisplay('+61298765432')).toBe('(02) 9876 5432');
    expect(phoneForDisplay('+611300123456')).toBe('1300 123 456');
    expect(phoneForDisplay('+611800123456')).toBe('1800 123 456');
    expect(phoneForDisplay('+61131234')).toBe('13 12 34');
  });

  it('reads back what the stored form was made from', () => {
    for (const typed of ['0412 345 678', '(08) 9221 1234', '1300 123 456', '13 12 34']) {
      expect(phoneForDisplay(normalizeAuPhone(typed)!)).toBe(typed);
    }
  });

  it('leaves other countries, odd lengths and text stored as typed alone', () => {
    expect(phoneForDisplay('+442079460958')).toBe('+442079460958');
    expect(phoneForDisplay('+8613800138000')).toBe('+8613800138000');
    expect(phoneForDisplay('+6141234567')).toBe('+6141234567');
    expect(phoneForDisplay('+61 412 345 678')).toBe('+61 412 345 678');
    expect(phoneForDisplay('0412 345 678 ext 2')).toBe('0412 345 678 ext 2');
    expect(phoneForDisplay('')).toBe('');
  });
});
