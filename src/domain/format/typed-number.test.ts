import { describe, expect, it } from 'vitest';
import { parseTypedNumber } from './typed-number';

describe('parseTypedNumber', () => {
  it('reads whole numbers, decimals and a minus sign as typed', () => {
    expect(parseTypedNumber('120')).toBe(120);
    expect(parseTypedNumber(' 60.5 ')).toBe(60.5);
    expect(parseTypedNumber('-45')).toBe(-45);
    expect(parseTypedNumber('007')).toBe(7);
  });

  it('refuses what is not a number as people type one, rather than reading it as another', () => {
    for (const text of ['', ' ', '1e3', '0x10', '1,000', '12abc', '5.', '.5', '--1', 'Infinity']) {
      expect(parseTypedNumber(text), text).toBeNull();
    }
  });

  it('takes a number a field holds before it is typed into as itself', () => {
    expect(parseTypedNumber(30)).toBe(30);
    expect(parseTypedNumber(-1.5)).toBe(-1.5);
    expect(parseTypedNumber(Number.NaN)).toBeNull();
    expect(parseTypedNumber(Infinity)).toBeNull();
  });
});
