import { z } from 'zod';
import './messages';

// What any text a client sends may contain. PostgreSQL refuses NUL in text
// and in JSON, and refuses an unpaired UTF-16 surrogate in JSON (the driver
// silently turns it into U+FFFD in text); other control characters have no
// business in a name, an address or a search. Tab and newline are ordinary
// typing; a carriage return only where a person writes several lines.

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const UNPAIRED_SURROGATE_MESSAGE =
  'must not contain broken characters (unpaired surrogates)';

/** The problem with a piece of text, or null when it may be stored as sent. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (code === 0x09 || code === 0x0a) continue;
      if (code === 0x0d && options.multiline) continue;
      return CONTROL_CHARACTER_MESSAGE;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return UNPAIRED_SURROGATE_MESSAGE;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return UNPAIRED_SURROGATE_MESSAGE;
  }
  return null;
}

/**
 * The bidirectional embedding, override and isolate controls (U+202A to
 * U+202E, U+2066 to U+2069). An override shows the letters after it in the
 * reverse order ('Ali\u202Enimda' reads as 'Aliadmin'), so a name could pass
 * for another in every list; chat apps wrap a copied phone number in a pair of
 * them. They are removed rather than refused: what was pasted still saves.
 * The marks a right-to-left name may need (U+200E, U+200F) are kept.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

function refuseUnsafeText(multiline: boolean) {
  return (value: string, context: z.core.$RefinementCtx<string>) => {
    const problem = textProblem(value, { multiline });
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value, abort: true });
  };
}

/**
 * Any single-line text a client sends (names, addresses, searches, ids):
 * a string with no control character but tab and newline and no unpaired
 * surrogate. Chain `.trim()`, `.min()`, `.max()` after it as on z.string().
 */
/** The longest search text any list or search takes (its `q`); the boxes stop there too. */
export const SEARCH_TEXT_MAX = 200;

export function text() {
  return z
    .string()
    .overwrite(withoutBidiControls)
    .check(z.superRefine(refuseUnsafeText(false)));
}

/**
 * What shows nothing at either end of a name: white space (String.trim's,
 * the no-break space and the BOM included), format characters (the
 * zero-width space and joiners, the soft hyphen, tags), the combining
 * grapheme joiner, variation selectors, and the Hangul fillers and the blank
 * braille pattern, which are letters or symbols that draw nothing. The
 * direction marks a right-to-left name may need (U+061C, U+200E, U+200F)
 * are kept, as text() keeps them.
 */
const INVISIBLE = /^(?![\u061C\u200E\u200F])[\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]$/u;
/** The marks among them (by code point: a class of marks reads as one combined character). */
const INVISIBLE_MARKS: readonly (readonly [number, number])[] = [
  [0x034f, 0x034f], // combining grapheme joiner
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors
  [0xfe00, 0xfe0f], // variation selectors
  [0xe0100, 0xe01ef], // variation selectors supplement
];
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isInvisible(char: string): boolean {
  const code = char.codePointAt(0)!;
  return INVISIBLE.test(char) || INVISIBLE_MARKS.some(([from, to]) => code >= from && code <= to);
}

/** The character (a whole surrogate pair) that ends at `end`. */
function charBefore(value: string, end: number): string {
  const low = value.charCodeAt(end - 1);
  const high = value.charCodeAt(end - 2);
  const isPair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return value.slice(isPair ? end - 2 : end - 1, end);
}

/**
 * The text without the invisible characters at its ends: '\uFEFFAda\u200B'
 * is 'Ada'. A loop from each end, not a regular expression: `[...]+$` takes
 * time growing with the square of a long run of such characters.
 */
export function trimInvisible(value: string): string {
  let start = 0;
  while (start < value.length) {
    const char = String.fromCodePoint(value.codePointAt(start)!);
    if (!isInvisible(char)) break;
    start += char.length;
  }
  let end = value.length;
  while (end > start) {
    const char = charBefore(value, end);
    if (!isInvisible(char)) break;
    end -= char.length;
  }
  return value.slice(start, end);
}

/** A name as stored: trimmed of invisible characters, holding a letter or digit. */
export function isPersonName(value: string): boolean {
  return LETTER_OR_DIGIT.test(trimInvisible(value));
}

/**
 * A person's name a client sends (a customer's, a driver's, a user's, a
 * passenger's): `text()` trimmed of invisible characters at its ends, and,
 * when required, holding a letter or digit. A name of a zero-width space or
 * a no-break space reads as empty in every list, so it is refused with the
 * field's 'required' message (`requiredMessage`, 'is required' by default);
 * an optional name made of them is stored empty.
 */
export function personName(max: number, options: { requiredMessage?: string } = {}) {
  return text()
    .overwrite(trimInvisible)
    .refine((value) => LETTER_OR_DIGIT.test(value), options.requiredMessage ?? 'is required')
    .max(max);
}

/** An optional person's name: trimmed of invisible characters, possibly empty. */
export function optionalPersonName(max: number) {
  return text().overwrite(trimInvisible).max(max);
}

/** Text a person writes over several lines (notes, messages): carriage returns too. */
export function multilineText() {
  return z
    .string()
    .overwrite(withoutBidiControls)
    .check(z.superRefine(refuseUnsafeText(true)));
}

/** Digits with an optional sign and decimal part: no hex, no exponent, no blank. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * A number in a query string, written in decimal: `limit=0x10`, `lat=`,
 * `1e3` and `Infinity` are refused rather than read as 16, 0, 1000 or ∞.
 * `number` holds the range rules, e.g. `queryNumber(z.number().int().min(1))`.
 */
export function queryNumber<T extends z.ZodType<number, number>>(number: T) {
  return z
    .string()
    .regex(DECIMAL, 'must be a number written in decimal digits')
    .transform(Number)
    .pipe(number);
}
