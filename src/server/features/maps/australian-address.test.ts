import { describe, expect, it } from 'vitest';
import {
  abbreviateState,
  formatAustralianAddress,
  normalizeSearchText,
} from './australian-address';

describe('formatAustralianAddress', () => {
  it('writes name, street, then suburb, state and postcode on one line', () => {
    expect(
      formatAustralianAddress({
        name: 'Optus Stadium',
        houseNumber: '333',
        street: 'Victoria Park Drive',
        suburb: 'Burswood',
        state: 'Western Australia',
        postcode: '6100',
      }),
    ).toBe('Optus Stadium, 333 Victoria Park Drive, Burswood WA 6100, Australia');
  });

  it('leaves out a name that only repeats the suburb', () => {
    expect(
      formatAustralianAddress({
        name: 'Fremantle',
        suburb: 'Fremantle',
        state: 'WA',
        postcode: '6160',
      }),
    ).toBe('Fremantle WA 6160, Australia');
  });

  it('treats a name with neither street nor suburb as the locality', () => {
    expect(
      formatAustralianAddress({ name: 'Fremantle', state: 'Western Australia', postcode: '6160' }),
    ).toBe('Fremantle WA 6160, Australia');
  });
});

describe('abbreviateState', () => {
  it('abbreviates every state and territory name and passes abbreviations through', () => {
    expect(abbreviateState('Western Australia')).toBe('WA');
    expect(abbreviateState('australian capital territory')).toBe('ACT');
    expect(abbreviateState('NSW')).toBe('NSW');
    expect(abbreviateState(undefined)).toBeUndefined();
  });
});

describe('normalizeSearchText', () => {
  it('lower-cases, drops apostrophes and accents and splits on punctuation', () => {
    expect(normalizeSearchText("  Perth Children's  Hospital, NEDLANDS ")).toBe(
      'perth childrens hospital nedlands',
    );
    expect(normalizeSearchText('O’Connor')).toBe('oconnor');
    expect(normalizeSearchText('Café—Brighton-Le-Sands')).toBe('cafe brighton le sands');
  });
});
