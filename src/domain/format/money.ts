const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

const CENTS_PER_DOLLAR = 100;

/** '$1,234.50' from 123450. Fractions of a cent are rounded to the cent. */
export function formatAud(cents: number): string {
  assertFinite(cents);
  // `+ 0` turns -0 into 0, which Intl would print as '-$0.00'.
  return AUD.format(Math.round(cents) / CENTS_PER_DOLLAR + 0);
}

export function centsToDollars(cents: number): number {
  return cents / CENTS_PER_DOLLAR;
}

// Optional sign, optional '$', whole dollars with or without thousands
// commas, optional fraction: accepts what formatAud prints and what people type.
const DOLLAR_AMOUNT = /^([+-])?\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Whole cents from a dollar amount, exactly and rounding half up (away from
 * zero) past the second decimal.
 *
 * A string is read digit by digit, so '0.29' is 29 cents, where
 * Math.round(0.29 * 100) gives 28.999... and only luckily 29. A number is read
 * through its shortest decimal form (String(value)), the digits a person typed
 * or a JSON parser saw, so 0.285 gives 29 like '0.285' does; toFixed(2) would
 * give 28, because the double nearest 0.285 lies just below it.
 */
export function dollarsToCents(value: number | string): number {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value.trim();
  const match = DOLLAR_AMOUNT.exec(text);
  const [, sign, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not a dollar amount: ${JSON.stringify(value)}`);
  }
  const digits = `${whole.replaceAll(',', '')}${fraction.slice(0, 2).padEnd(2, '0')}`;
  const roundsUp = (fraction[2] ?? '0') >= '5';
  const magnitude = Number(digits) + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) {
    throw new RangeError(`Dollar amount too large to hold in cents: ${JSON.stringify(value)}`);
  }
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

function numberToDecimalText(value: number): string {
  assertFinite(value);
  // String() switches to exponent form below 1e-6; such amounts are 0 cents.
  if (Math.abs(value) < 1e-6) return '0';
  return String(value);
}

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
}

/**
 * The text a `numeric(10,2)` money column stores for whole cents: '38.03',
 * '0.00'. Exact for every safe integer, where (cents / 100).toFixed(2) goes
 * through a double.
 */
export function centsToNumericText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / CENTS_PER_DOLLAR);
  const rest = String(magnitude % CENTS_PER_DOLLAR).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${dollars}.${rest}`;
}
