import { describe, expect, it } from 'vitest';
import { joinAddress } from './source-contact';

describe('joinAddress', () => {
  it("joins a card's address parts without the country when it is Australia", () => {
    expect(
      joinAddress({
        street: '12 Hay St',
        city: 'Perth',
        region: 'WA',
        postcode: '6000',
        country: 'Australia',
      }),
    ).toBe('12 Hay St, Perth WA 6000');
    expect(joinAddress({ street: '12 Hay St\nPerth WA 6000\nAustralia' })).toBe(
      '12 Hay St, Perth WA 6000',
    );
  });

  it('keeps another country', () => {
    expect(
      joinAddress({ street: '10 Downing St', city: 'London', country: 'United Kingdom' }),
    ).toBe('10 Downing St, London, United Kingdom');
  });
});
