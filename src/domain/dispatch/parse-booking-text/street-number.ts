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
