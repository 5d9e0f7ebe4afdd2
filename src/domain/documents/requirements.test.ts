import { describe, expect, it } from 'vitest';
import { documentTypeKey, isSpecRequiredType, RequiredDocumentTypeSchema } from './requirements';

describe('documentTypeKey', () => {
  it.each([
    ['Medical certificate', 'medical-certificate'],
    ['Working With Children Check (WA)', 'working-with-children-check-wa'],
    ['  Café   première ', 'cafe-premiere'],
    ['A'.repeat(60), 'a'.repeat(40)],
  ])('names %s as %s, a key the requirements setting accepts', (label, key) => {
    expect(documentTypeKey(label)).toBe(key);
    expect(RequiredDocumentTypeSchema.safeParse({ key, label }).success).toBe(true);
  });
});

describe('isSpecRequiredType', () => {
  it("keeps spec section 5's six, and only those", () => {
    expect(isSpecRequiredType('driver', 'ptd')).toBe(true);
    expect(isSpecRequiredType('vehicle', 'insurance')).toBe(true);
    expect(isSpecRequiredType('driver', 'insurance')).toBe(false);
    expect(isSpecRequiredType('driver', 'medical-certificate')).toBe(false);
  });
});
