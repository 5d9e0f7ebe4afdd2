import { describe, expect, it } from 'vitest';
import { minutesInWords } from './duration-words';

describe('minutesInWords', () => {
  it('says minutes under an hour', () => {
    expect(minutesInWords(1)).toBe('1 minute');
    expect(minutesInWords(45)).toBe('45 minutes');
  });

  it('says hours, and the minutes left over, from an hour on', () => {
    expect(minutesInWords(60)).toBe('1 hour');
    expect(minutesInWords(120)).toBe('2 hours');
    expect(minutesInWords(90)).toBe('1 hour 30 minutes');
    expect(minutesInWords(1441)).toBe('24 hours 1 minute');
  });
});
