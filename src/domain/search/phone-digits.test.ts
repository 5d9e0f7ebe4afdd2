import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from './phone-digits';

describe('phoneSearchDigits', () => {
  it.each([
    ['0412 345 678', '412345678'],
    ['+61412345678', '412345678'],
    ['+61 412 345 678', '412345678'],
    ['61412345678', '412345678'],
    ['(08) 9221 1234', '892211234'],
    ['345 678', '345678'],
  ])('reads %s as %s', (text, digits) => {
    expect(phoneSearchDigits(text)).toBe(digits);
  });

  it.each(['Smith', 'ABC123', '0412', '12-3'])('does not read %s as a phone', (text) => {
    expect(phoneSearchDigits(text)).toBeNull();
  });
});
