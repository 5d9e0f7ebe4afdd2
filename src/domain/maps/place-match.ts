import { foldAccents } from '../format/fold-accents';
import type { PlaceSuggestionDto } from './maps-api';

// Which address suggestion an address written by a person stands for, when
// one plainly does (Paste Booking's pickup and destination): the same text
// asked of the place search the address fields use, and its answer read
// cautiously. A wrong place prices a wrong trip, so anything short of one
// plain answer leaves the dispatcher to choose.

/** Words that say nothing of where: 'to the airport', a suggestion's ', Australia'. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'australia',
  'from',
  'in',
  'of',
  'the',
  'to',
]);

/** A street type or title as written in full, so 'Hay St' and 'Hay Street' are one word. */
const WORD_SPELLINGS: Record<string, string> = {
  ave: 'avenue',
  av: 'avenue',
  blvd: 'boulevard',
  cres: 'crescent',
  ct: 'court',
  dr: 'drive',
  esp: 'esplanade',
  hwy: 'highway',
  ln: 'lane',
  mt: 'mount',
  pde: 'parade',
  pl: 'place',
  rd: 'road',
  st: 'street',
  tce: 'terrace',
};

/**
 * The words that say where an address is, in order: accents, case,
 * punctuation and filler words set aside, abbreviations written in full
 * ('12 Hay St, Subiaco' is 12 hay street subiaco).
 */
export function placeWords(text: string): string[] {
  return foldAccents(text)
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !FILLER_WORDS.has(word))
    .map((word) => WORD_SPELLINGS[word] ?? word);
}

function suggestionWords(suggestion: PlaceSuggestionDto): string[] {
  return placeWords([suggestion.label, suggestion.secondary ?? ''].join(' '));
}

/**
 * The suggestion an address text plainly names, or null when none does:
 * - the one suggestion whose label (with its second line) holds every word
 *   of the text ('Crown Towers' names 'Crown Towers Perth, Great Eastern
 *   Highway, Burswood WA 6100'); or
 * - when several hold them, the one that says exactly the text and nothing
 *   more ('Subiaco WA 6008' among Subiaco WA 6008 and St John of God Subiaco
 *   Hospital, Subiaco WA 6008).
 * Two that both fit ('Perth Airport' and its four terminals), or none, is no
 * answer: the dispatcher chooses.
 */
export function confidentPlaceMatch(
  text: string,
  suggestions: readonly PlaceSuggestionDto[],
): PlaceSuggestionDto | null {
  const words = placeWords(text);
  if (words.length === 0) return null;
  const holding = suggestions.filter((suggestion) => {
    const said = new Set(suggestionWords(suggestion));
    return words.every((word) => said.has(word));
  });
  if (holding.length === 1) return holding[0] ?? null;
  const key = words.join(' ');
  const exact = holding.filter((suggestion) => suggestionWords(suggestion).join(' ') === key);
  return exact.length === 1 ? (exact[0] ?? null) : null;
}
