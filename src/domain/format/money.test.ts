import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, centsToNumericText, dollarsToCents, formatAud } from './money';

describe('formatAud', () => {
  it('shows cents as dollars with a dollar sign, thousands commas and 2 decimals', () => {
    expect(formatAud(123_450)).toBe('$1,234.50');
    expect(formatAud(100_000_000)).toBe('$1,000,000.00');
  });

  it('shows small amounts with a leading zero', () => {
    expect(formatAud(0)).toBe('$0.00');
    expect(formatAud(5)).toBe('$0.05');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatAud(-250)).toBe('-$2.50');
  });

  it('never shows minus zero', () => {
    expect(formatAud(-0)).toBe('$0.00');
    expect(formatAud(-0.4)).toBe('$0.00');
  });

  it('rejects an amount that is not a finite number', () => {
    expect(() => formatAud(Number.NaN)).toThrow(RangeError);
  });
});

describe('centsToDollars', () => {
  it('divides by 100', () => {
    expect(centsToDollars(3803)).toBe(38.03);
    expect(centsToDollars(0)).toBe(0);
  });
});

describe('centsToNumericText', () => {
  it('writes whole cents as the two-decimal text a money column stores', () => {
    expect(centsToNumericText(3803)).toBe('38.03');
    expect(centsToNumericText(0)).toBe('0.00');
    expect(centsToNumericText(5)).toBe('0.05');
    expect(centsToNumericText(-250)).toBe('-2.50');
  });

  it('round-trips through dollarsToCents for any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(dollarsToCents(centsToNumericText(cents))).toBe(cents);
      }),
    );
  });

  it('refuses fractions of a cent', () => {
    expect(() => centsToNumericText(10.5)).toThrow(RangeError);
  });
});

describe('dollarsToCents', () => {
  it('reads a decimal string exactly', () => {
    expect(dollarsToCents('12.34')).toBe(1234);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1.005')).toBe(101);
  });

  it('reads whole dollars, one decimal and a bare fraction', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.3')).toBe(1230);
    expect(dollarsToCents('12.')).toBe(1200);
    expect(dollarsToCents('.5')).toBe(50);
  });

  it('reads what formatAud prints', () => {
    expect(dollarsToCents('$1,234.50')).toBe(123_450);
    expect(dollarsToCents('-$2.50')).toBe(-250);
    expect(dollarsToCents(' 7.00 ')).toBe(700);
  });

  it('rounds half a cent up, away from zero', () => {
    expect(dollarsToCents('0.285')).toBe(29);
    expect(dollarsToCents('0.2849')).toBe(28);
    expect(dollarsToCents('-0.285')).toBe(-29);
    expect(dollarsToCents('-0.001')).toBe(0);
  });

  it('reads a number through its decimal digits, not a float multiply', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(0.285)).toBe(29);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(38.03)).toBe(3803);
    expect(dollarsToCents(-2.5)).toBe(-250);
    expect(dollarsToCents(1e-7)).toBe(0);
  });

  it.each(['', 'abc', '1.2.3', '1,23.00', '$', '-', '12 34', '1e3'])('rejects %j', (text) => {
    expect(() => dollarsToCents(text)).toThrow(RangeError);
  });

  it('rejects numbers that are not finite or too large for exact cents', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dollarsToCents(1e21)).toThrow(RangeError);
    expect(() => dollarsToCents('100000000000000000')).toThrow(RangeError);
  });

  it('undoes formatAud and centsToDollars for any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(formatAud(cents))).toBe(cents);
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
        expect(dollarsToCents(centsToDollars(cents).toFixed(2))).toBe(cents);
      }),
    );
  });
});
