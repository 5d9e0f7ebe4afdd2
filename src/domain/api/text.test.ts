import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, multilineText, text } from './text';

describe('text()', () => {
  it('removes the bidirectional overrides and isolates, so a name reads as it is stored', () => {
    // U+202E shows 'nimda' as 'admin'.
    expect(text().parse('Ali\u202Enimda')).toBe('Alinimda');
    // A number copied from a chat app comes wrapped in U+202A ... U+202C.
    expect(text().trim().parse('\u202A+61 412 345 678\u202C')).toBe('+61 412 345 678');
    expect(multilineText().parse('Gate 3\u2067\n\u2069B')).toBe('Gate 3\nB');
  });

  it('keeps the marks a right-to-left name may need, and checks the length of what is kept', () => {
    expect(text().parse('\u200Fשרה כהן\u200E')).toBe('\u200Fשרה כהן\u200E');
    expect(text().max(3).safeParse('ab\u202E\u202Ec').success).toBe(true);
  });

  it('still refuses control characters', () => {
    const result = text().safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
  });
});
