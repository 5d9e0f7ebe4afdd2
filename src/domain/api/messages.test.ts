import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from './text';

function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!.message;
}

describe('what a refused value says', () => {
  it('names limits in words, not in zod notation', () => {
    expect(messageOf(text().max(1000), 'x'.repeat(1001))).toBe('must be at most 1000 characters');
    expect(messageOf(text().min(3), 'ab')).toBe('must be at least 3 characters');
    expect(messageOf(z.number().int().min(1).max(8), 9)).toBe('must be at most 8');
    expect(messageOf(z.number().int().min(1).max(8), -2)).toBe('must be at least 1');
    expect(messageOf(z.number().positive(), 0)).toBe('must be more than 0');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('needs at least one');
  });

  it('says a missing or empty value is required', () => {
    expect(messageOf(z.object({ name: text().min(1) }), {})).toBe('is required');
    expect(messageOf(text().trim().min(1), '   ')).toBe('is required');
  });

  it('says what kind of value was expected', () => {
    expect(messageOf(z.number(), 'ten')).toBe('must be a number');
    expect(messageOf(z.number().int(), 1.5)).toBe('must be a whole number');
    expect(messageOf(z.string().email(), 'no')).toBe('must be an email address');
    expect(messageOf(z.enum(['standard', 'multivan']), 'bus')).toBe(
      'must be one of: standard, multivan',
    );
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('has a field it does not know: extra');
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(text().min(1, 'Enter a name'), '')).toBe('Enter a name');
  });
});
