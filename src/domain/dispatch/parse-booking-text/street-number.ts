// Perth writes a unit and its street number as a date is written: '3/12 Hay
// Street' is unit 3 at number 12, and '3-5 Hay Street' numbers 3 to 5.

const UNIT_WORD_BEFORE = /\b(?:unit|apartment|apt|flat|villa|suite|townhouse)\.?[ \t]*$/i;
// 'U4/55' is a unit; a lower-case 'u' is text speak ('see u 3/12').
const UNIT_LETTER_BEFORE = /\bU[ \t]*$/;

// Street types as Australia Post writes them, whole or abbreviated.
const STREET_TYPE =
  /^(?:street|st|road|rd|avenue|ave|av|terrace|tce|terr|drive|dr|way|highway|hwy|parade|pde|place|pl|crescent|cres|cr|court|ct|lane|ln|close|cl|boulevard|blvd|circuit|cct|esplanade|esp|grove|gr|gve|square|sq|mews|rise|loop|gardens|gdns|vista|promenade|mall|retreat|chase|link|row|walk|entrance|bend|heights|hts|outlook|quay|cove|glade|green|ridge|crest|approach|track|trail|pass)$/i;

// The words of a street's name before its type: 'Hay', 'St Georges', 'Great Eastern'.
const MAX_STREET_NAME_WORDS = 3;
// Words of a sentence, not of a name: '3/12 Pickup Dr Ross' is a date.
const NOT_NAME_WORD =
  /^(?:pick|pickup|collect|drop|meet|see|call|with|for|from|to|at|on|by|please)$/i;
// '2 Dec Dr Lee' is a date and a doctor: a month or a weekday names no street.
const DATE_WORD =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun)$/i;

/**
 * Whether the rest of the line starts with a street's name and type:
 * capitalised words then a type ('Hay Street', 'St Georges Tce'). Lower-case
 * words are not read as a name, so 'on 3/12 for a short drive' stays a date.
 */
function startsWithStreet(after: string): boolean {
  const words = after
    .replace(/^[A-Za-z](?=[ \t])/, '') // '3/12A Hay St': the number's letter
    .split(/[\n,;]/)[0]!
    .trim()
    .split(/[ \t]+/)
    .slice(0, MAX_STREET_NAME_WORDS + 1)
    .map((word) => word.replace(/[.)]+$/, ''));
  for (const [at, word] of words.entries()) {
    if (at > 0 && STREET_TYPE.test(word)) return true;
    if (!/^[\p{Lu}\d][\p{L}\p{M}\d'’-]*$/u.test(word) || NOT_NAME_WORD.test(word)) return false;
  }
  return false;
}

/**
 * Whether the day/month-like number at `index`..`end` of `text` is a unit and
 * street number: a unit word stands before it ('Unit 4/5') or a street
 * follows it ('3/12 Hay Street'). A label or the start of a line says
 * nothing: 'Pickup 3/12 Crown Towers 9am' and '3/12 Pickup 9am' are dates.
 */
export function isStreetNumberAt(text: string, index: number, end: number): boolean {
  const before = text.slice(0, index);
  return (
    UNIT_WORD_BEFORE.test(before) ||
    UNIT_LETTER_BEFORE.test(before) ||
    startsWithStreet(text.slice(end))
  );
}

// A street number and one to three name words, right before a word:
// '7 Ocean ', 'Unit 4/55 Mounts Bay ', '12A St Georges '.
const NUMBER_AND_NAME_BEFORE =
  /(?:^|[^\p{L}\p{N}])\d{1,5}[A-Za-z]?(?:[/-]\d{1,5}[A-Za-z]?)?((?:[ \t]+\p{Lu}[\p{L}\p{M}'’-]*){1,3})[ \t]+$/u;

/**
 * Whether the word at `index` is the type of a street whose number and name
 * stand right before it: the 'Dr' of '7 Ocean Dr Cottesloe' is Drive, not a
 * doctor. 'Room 12 Dr Lee' and 'for Dr Lee' have no street name before it.
 */
export function isStreetTypeAt(text: string, index: number): boolean {
  const word = /^\p{L}+/u.exec(text.slice(index))?.[0] ?? '';
  if (!STREET_TYPE.test(word)) return false;
  const name = NUMBER_AND_NAME_BEFORE.exec(text.slice(0, index))?.[1];
  return (
    name !== undefined &&
    name
      .trim()
      .split(/[ \t]+/)
      .every((nameWord) => !NOT_NAME_WORD.test(nameWord) && !DATE_WORD.test(nameWord))
  );
}
