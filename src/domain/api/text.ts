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
