import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * An Australian phone number in E.164 ('+61412345678'), or null when the text
 * is not a valid number. Local forms ('0412 345 678', '(08) 9221 1234') are
 * read as Australian.
 */
export function normalizeAuPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'AU');
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

export const INVALID_PHONE_MESSAGE = 'Enter a valid Australian phone number, e.g. 0412 345 678';
