/** A number as a person types it in a form: an optional minus, digits, and decimals after a point. */
const TYPED_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The number typed into a field, or null when the text is not one. '1e3',
 * '0x10', '1,000', '12abc' and '' are not numbers here, though JavaScript's
 * Number() reads the first three as 1000, 16 and NaN and '' as 0: a field
 * checks what the person typed, and saves nothing they did not see.
 */
export function parseTypedNumber(text: string | number): number | null {
  // A form field holds a number until it is typed into: that number stands.
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const trimmed = text.trim();
  return TYPED_NUMBER.test(trimmed) ? Number(trimmed) : null;
}
