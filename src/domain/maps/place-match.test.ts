import { describe, expect, it } from 'vitest';
import { confidentPlaceMatch, placeWords } from './place-match';
import type { PlaceSuggestionDto } from './maps-api';

const place = (id: string, label: string, secondary?: string): PlaceSuggestionDto =>
  secondary === undefined ? { id, label } : { id, label, secondary };

const CROWN = place(
  'poi:crown-towers',
  'Crown Towers Perth, Great Eastern Highway, Burswood WA 6100, Australia',
  'Hotel',
);
const T1 = place(
  'poi:perth-airport-t1',
  'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105, Australia',
);
const T3 = place(
  'poi:perth-airport-t3',
  'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105, Australia',
);
const SUBIACO = place('loc:subiaco', 'Subiaco WA 6008, Australia');
const SJOG = place(
  'poi:sjog-subiaco',
  'St John of God Subiaco Hospital, 12 Salvado Road, Subiaco WA 6008, Australia',
);

describe('placeWords', () => {
  it('keeps the words that say where, with abbreviations written in full', () => {
    expect(placeWords('12 Hay St, Subiaco WA')).toEqual(['12', 'hay', 'street', 'subiaco', 'wa']);
    expect(placeWords('To the Café Étoile, Australia')).toEqual(['cafe', 'etoile']);
    expect(placeWords("Perth Children's Hospital")).toEqual(['perth', 'childrens', 'hospital']);
    expect(placeWords(' , ')).toEqual([]);
  });
});

describe('confidentPlaceMatch', () => {
  it('is the one suggestion that holds every word of the text', () => {
    expect(confidentPlaceMatch('Crown Towers', [CROWN])).toBe(CROWN);
    expect(
      confidentPlaceMatch('Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105', [
        T1,
        T3,
      ]),
    ).toBe(T1);
  });

  it('reads a suggestion’s second line, abbreviations, case and accents as the same words', () => {
    const fremantle = place('fremantle', 'Fremantle', 'WA 6160');
    expect(confidentPlaceMatch('fremantle wa 6160', [fremantle])).toBe(fremantle);
    const hay = place('g:1', '12 Hay Street, Subiaco WA, Australia');
    expect(confidentPlaceMatch('12 Hay St Subiaco', [hay])).toBe(hay);
    const cafe = place('g:2', 'Café Étoile, Fremantle WA 6160');
    expect(confidentPlaceMatch('Cafe Etoile Fremantle', [cafe])).toBe(cafe);
  });

  it('is nothing when two suggestions hold the words, unless one says exactly the text', () => {
    const airport = place('loc:perth-airport', 'Perth Airport WA 6105, Australia');
    expect(confidentPlaceMatch('Perth Airport', [T1, T3])).toBeNull();
    const melbourne = place('g:3', 'Crown Towers Melbourne, Whiteman Street, Southbank VIC 3006');
    expect(confidentPlaceMatch('Crown Towers', [CROWN, melbourne])).toBeNull();

    expect(confidentPlaceMatch('Subiaco WA 6008', [SJOG, SUBIACO])).toBe(SUBIACO);
    // The suburb's own words and its state and postcode are not exactly 'Perth Airport'.
    expect(confidentPlaceMatch('Perth Airport', [T1, airport, T3])).toBeNull();
    expect(confidentPlaceMatch('Subiaco', [SJOG, SUBIACO])).toBeNull();
  });

  it('is nothing when no suggestion holds every word', () => {
    // A search answers something for nearly any text; a near answer is not the place.
    expect(
      confidentPlaceMatch('120 Hay Street Subiaco', [place('g:1', '12 Hay Street, Subiaco WA')]),
    ).toBeNull();
    expect(confidentPlaceMatch('Fremantle, Mon', [place('g:4', 'Monash VIC 3800')])).toBeNull();
    expect(confidentPlaceMatch('Crown Towers', [])).toBeNull();
  });

  it('is nothing for a text with no word that says where', () => {
    expect(confidentPlaceMatch('the', [CROWN])).toBeNull();
    expect(confidentPlaceMatch('', [CROWN])).toBeNull();
  });
});
