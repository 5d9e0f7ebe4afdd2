import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Dialled from abroad a number starts 00 and its country code ('0061 412 345
// 678', as most of Europe writes it); from Australia 0011 ('0011 44 20 7946
// 0958'). Either means '+'. 0011 first: '0011 44' is +44, never +11 44. A
// lone 0 is Australia's trunk prefix, and no Australian number starts 00.
const INTERNATIONAL_PREFIX = /^00(?:11)?/;

/** The text with a leading international prefix (00, 0011) written as the '+' it stands for. */
export function dialledAsPlus(text: string): string {
  return text.replace(INTERNATIONAL_PREFIX, '+');
}

/**
 * A phone number in E.164 ('+61412345678'), or null when the text is not a
 * valid number. Local forms ('0412 345 678', '(08) 9221 1234') are read as
 * Australian; one written with + or an international prefix (00, 0011) and a
 * country code keeps it ('+86 138 0013 8000', '0044 20 7946 0958').
 */
export function normalizeAuPhone(input: string): string | null {
  const text = dialledAsPlus(input.trim());
  const parsed = parsePhoneNumberFromString(text, 'AU');
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

// Australian unless it starts with + and a country code: a visitor's own number is fine.
export const INVALID_PHONE_MESSAGE =
  'Enter a valid phone number, e.g. 0412 345 678, or +44 20 7946 0958 from abroad';

/** An optional phone field's rule: left blank, or a number normalizeAuPhone reads. */
export function isBlankOrValidPhone(value: string): boolean {
  return value.trim() === '' || normalizeAuPhone(value) !== null;
}

// A query made only of what people write phone numbers with.
const PHONE_LIKE = /^[\d\s()+.-]+$/;
const AU_COUNTRY_CODE = '61';

/**
 * The digits a phone search looks for in a stored phone's digits, whatever
 * the formatting: '0412 345 678', '+61 412 345 678' and '61412345678' all
 * give '412345678', the Australian number without its trunk 0 or country
 * code 61, so it is found whether the phone was stored as '+61412345678' or
 * as '0412 345 678'. A part of a number ('0412') counts, so the customer
 * lookup finds people while the dispatcher types. Null when the text is not
 * phone-like (letters) or has no digits, so names are not read as phones.
 * The one rule of the customer, global and bookings searches.
 */
export function phoneSearchDigits(text: string): string | null {
  // '0061 412' is searched as '+61 412', as normalizeAuPhone stores it.
  const query = dialledAsPlus(text.trim());
  if (!PHONE_LIKE.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  const hasCountryCode =
    digits.startsWith(AU_COUNTRY_CODE) && (query.startsWith('+') || digits.length >= 11);
  const national = hasCountryCode
    ? digits.slice(AU_COUNTRY_CODE.length)
    : digits.startsWith('0')
      ? digits.slice(1)
      : digits;
  return national === '' ? null : national;
}
