import { describe, expect, it } from 'vitest';
import { normalizeAuPhone, phoneSearchDigits } from './phone';

describe('normalizeAuPhone', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['(08) 9221 1234', '+61892211234'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %s as %s', (text, e164) => {
    expect(normalizeAuPhone(text)).toBe(e164);
  });

  it.each([
    ['0061 412 345 678', '+61412345678'],
    ['  0061412345678 ', '+61412345678'],
    ['00 61 8 9221 1234', '+61892211234'],
    ['0044 20 7946 0958', '+442079460958'],
    ['001 212 555 0100', '+12125550100'],
  ])('reads a leading 00 as + (dialled from abroad): %s', (text, e164) => {
    expect(normalizeAuPhone(text)).toBe(e164);
  });

  it.each([
    ['0011 44 20 7946 0958', '+442079460958'],
    ['0011 61 412 345 678', '+61412345678'],
    ['0011 1 212 555 0100', '+12125550100'],
  ])("reads Australia's international prefix 0011 as +, not as 00 and 11: %s", (text, e164) => {
    expect(normalizeAuPhone(text)).toBe(e164);
  });

  it.each(['12345', '00', '0011', '0061 412', '412 345 678 999'])('refuses %s', (text) => {
    expect(normalizeAuPhone(text)).toBeNull();
  });
});

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
    ['0061 412 345 678', '412345678'],
    ['0011 61 412', '412'],
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
