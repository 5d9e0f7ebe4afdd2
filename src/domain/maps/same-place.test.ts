import { describe, expect, it } from 'vitest';
import { endsWhereItStarts, isSamePlace, placeTextKey, type PlaceOnForm } from './same-place';

const typed = (text: string): PlaceOnForm => ({ text, lat: null, lng: null });
const chosen = (text: string, lat: number, lng: number): PlaceOnForm => ({ text, lat, lng });

// Crown Towers, Burswood; about 11 m to a degree of latitude's 1e-4.
const CROWN = chosen(
  'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100, Australia',
  -31.9579,
  115.8939,
);

describe('placeTextKey', () => {
  it("sets aside case, accents, spacing and a trailing ', Australia'", () => {
    expect(
      placeTextKey('  Crown Towers Perth ,Great Eastern  Hwy, Burswood WA 6100, Australia '),
    ).toBe('crown towers perth, great eastern hwy, burswood wa 6100');
    expect(placeTextKey('Café Étoile, Fremantle.')).toBe('cafe etoile, fremantle');
    expect(placeTextKey('Australia')).toBe('australia');
    expect(placeTextKey('   ')).toBe('');
  });
});

describe('isSamePlace', () => {
  it('is the same text, however it was typed', () => {
    expect(isSamePlace(typed('Perth Airport T1'), typed('perth airport t1, Australia'))).toBe(true);
    expect(
      isSamePlace(CROWN, typed('crown towers perth, great eastern hwy, burswood wa 6100')),
    ).toBe(true);
  });

  it('is two points chosen on the map within 10 m, whatever their text', () => {
    const sameDoor = chosen('Crown Perth', -31.95795, 115.89392);
    expect(isSamePlace(CROWN, sameDoor)).toBe(true);
    // About 20 m away: the next building.
    expect(isSamePlace(CROWN, chosen('Crown Metropol', -31.95808, 115.8939))).toBe(false);
  });

  it('is never two different texts without coordinates, nor two blanks', () => {
    expect(isSamePlace(typed('Crown Towers'), typed('Crown Metropol'))).toBe(false);
    expect(isSamePlace(typed('12 Hay St'), typed('14 Hay St'))).toBe(false);
    expect(isSamePlace(typed(''), typed(''))).toBe(false);
    expect(isSamePlace(typed(' '), CROWN)).toBe(false);
  });
});

describe('endsWhereItStarts', () => {
  it('is a trip back to its pickup with no stop between', () => {
    expect(
      endsWhereItStarts({
        pickup: CROWN,
        dropoff: typed('Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100'),
      }),
    ).toBe(true);
    expect(endsWhereItStarts({ pickup: CROWN, dropoff: CROWN, stops: [{ text: ' ' }] })).toBe(true);
  });

  it('is not a loop through a stop (a shuttle run, a winery on the way)', () => {
    expect(
      endsWhereItStarts({ pickup: CROWN, dropoff: CROWN, stops: [{ text: 'Sandalford Wines' }] }),
    ).toBe(false);
  });

  it('is not a trip to somewhere else', () => {
    expect(endsWhereItStarts({ pickup: CROWN, dropoff: typed('Perth Airport T1') })).toBe(false);
  });
});
