import { describe, expect, it } from 'vitest';
import { CreateCorporateAccountInputSchema } from './api';

describe('CreateCorporateAccountInputSchema', () => {
  it('stores the code in upper case', () => {
    expect(CreateCorporateAccountInputSchema.parse({ code: 'bhp-01', name: 'BHP' }).code).toBe(
      'BHP-01',
    );
  });

  it('takes 2 to 20 letters, digits or dashes', () => {
    const valid = (code: string) =>
      CreateCorporateAccountInputSchema.safeParse({ code, name: 'X' }).success;
    expect(valid('AB')).toBe(true);
    expect(valid('A'.repeat(20))).toBe(true);
    expect(valid('A')).toBe(false);
    expect(valid('A'.repeat(21))).toBe(false);
    expect(valid('BHP 01')).toBe(false);
    expect(valid('BHP_01')).toBe(false);
  });
});
