import { normalizeAuPhone } from '../../customers/phone';

// E.164 allows 15 digits; a UK '+44 (0)20 ...' adds its trunk 0 to them.
const MAX_INTERNATIONAL_DIGITS = 16;
// Without a '+' the number is read as Australian; longer digit runs are
// booking or card references.
const MAX_NATIONAL_DIGITS = 12;
const MIN_DIGITS = 8;

/**
 * The number written in `candidate`, in E.164. An international number
 * ('+86 138 0013 8000', '(+44) 20 ...') keeps its own country code. A count
 * written right after the number ('0412 345 678 2 pax') runs into it, so a
 * trailing group of one or two digits is dropped when the whole does not read.
 */
function readPhone(candidate: string): string | null {
  const maxDigits = /^\(?\+/.test(candidate) ? MAX_INTERNATIONAL_DIGITS : MAX_NATIONAL_DIGITS;
  const digits = candidate.replace(/\D/g, '').length;
  if (digits < MIN_DIGITS) return null;
  const phone = digits <= maxDigits ? normalizeAuPhone(candidate) : null;
  if (phone) return phone;
  const withoutCount = candidate.replace(/[ \t]+\d{1,2}$/, '');
  return withoutCount === candidate ? null : readPhone(withoutCount);
}

export function findPhone(text: string): string | null {
  const candidates = text.match(/(?<![\w+(])(?:\(\+|\+|\()?\d[\d \t()-]{6,20}\d(?!\d)/g) ?? [];
  for (const candidate of candidates) {
    const phone = readPhone(candidate);
    if (phone) return phone;
  }
  return null;
}
