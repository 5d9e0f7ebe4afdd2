import { describe, expect, it } from 'vitest';
import { formatKm, formatMinutes } from './distance';

describe('formatKm', () => {
  it('shows metres as km to 1 decimal', () => {
    expect(formatKm(12_300)).toBe('12.3 km');
    expect(formatKm(0)).toBe('0.0 km');
    expect(formatKm(25_000)).toBe('25.0 km');
  });

  it('rounds half a tenth of a km up', () => {
    // 12.35 as a double is 12.3499999..., which toFixed(1) shows as 12.3.
    expect((12.35).toFixed(1)).toBe('12.3');
    expect(formatKm(12_350)).toBe('12.4 km');
    expect(formatKm(12_349)).toBe('12.3 km');
    expect(formatKm(999)).toBe('1.0 km');
  });

  it('groups thousands of km with commas', () => {
    expect(formatKm(1_234_567)).toBe('1,234.6 km');
  });
});

describe('formatMinutes', () => {
  it('shows whole minutes', () => {
    expect(formatMinutes(25)).toBe('25 min');
    expect(formatMinutes(0)).toBe('0 min');
  });

  it('counts a part minute as a whole one', () => {
    expect(formatMinutes(1.2)).toBe('2 min');
  });
});
