import { describe, expect, it } from 'vitest';
import { formatCount } from './counts';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
