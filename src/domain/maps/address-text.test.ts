import { describe, expect, it } from 'vitest';
import { addressLocality, withoutCountry } from './address-text';

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

describe('addressLocality', () => {
  it('is the suburb line after the street, without the country', () => {
    expect(addressLocality('83 Gardner Street, Mosman Park WA 6012')).toBe('Mosman Park WA 6012');
    expect(addressLocality('Level 3, 12 Hay St, Perth WA 6000, Australia')).toBe('Perth WA 6000');
  });

  it('is none for an address that is one part, a suburb or a place name alone', () => {
    expect(addressLocality('Mosman Park WA 6012')).toBeNull();
    expect(addressLocality('Crown Towers, ')).toBeNull();
    expect(addressLocality('Subiaco, Australia')).toBeNull();
  });
});
