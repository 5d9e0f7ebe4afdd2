import { describe, expect, it } from 'vitest';
import { withoutCountry } from './address-text';

describe('withoutCountry', () => {
  it("drops a trailing ', Australia', however spaced or cased", () => {
    expect(withoutCountry('12 Hay St, Perth WA 6000, Australia')).toBe('12 Hay St, Perth WA 6000');
    expect(withoutCountry('Subiaco WA 6008 ,australia. ')).toBe('Subiaco WA 6008');
    expect(withoutCountry('Burswood WA, AUSTRALIA')).toBe('Burswood WA');
  });

  it('keeps Australia anywhere else, and an address without it unchanged', () => {
    expect(withoutCountry('The University of Western Australia, Crawley WA 6009')).toBe(
      'The University of Western Australia, Crawley WA 6009',
    );
    expect(withoutCountry('Australia Post, 1 Forrest Pl, Perth WA 6000')).toBe(
      'Australia Post, 1 Forrest Pl, Perth WA 6000',
    );
    expect(withoutCountry('Australia')).toBe('Australia');
  });
});
