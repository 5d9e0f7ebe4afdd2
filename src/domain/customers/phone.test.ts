import { describe, expect, it } from 'vitest';
import { phoneSearchDigits } from './phone';

describe('phoneSearchDigits', () => {
  it.each([
    ['0412 345 678', '412345678'],
    ['+61412345678', '412345678'],
    ['+61 412 345 678', '412345678'],
    ['61412345678', '412345678'],
    ['(08) 9221 1234', '892211234'],
    ['345 678', '345678'],
    ['0412', '412'],
    ['12-3', '123'],
  ])('reads %s as %s', (text, digits) => {
    expect(phoneSearchDigits(text)).toBe(digits);
  });

  it.each(['Smith', 'ABC123'])('does not read %s as a phone', (text) => {
    expect(phoneSearchDigits(text)).toBeNull();
  });

  it('reads a leading 0 as the national prefix, +61 in the stored form', () => {
    expect(phoneSearchDigits('0419 056')).toBe('419056');
    expect(phoneSearchDigits('+61 419')).toBe('419');
    expect(phoneSearchDigits('419-056')).toBe('419056');
  });

  it('leaves a query that is not phone-like to the other rules', () => {
    expect(phoneSearchDigits('Jane 0412')).toBeNull();
    expect(phoneSearchDigits('ext 12')).toBeNull();
    expect(phoneSearchDigits(' - ')).toBeNull();
  });
});
