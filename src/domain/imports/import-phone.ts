import { normalizeAuPhone } from '../customers/phone';

/** The area code of a local number without one: the business is in Perth (WA's is 08). */
export const LOCAL_AREA_CODE = '08';

const LOCAL_NUMBER = /^\d{8}$/;

/**
 * A phone from an imported file in E.164, or null when it is not a valid
 * number. As everywhere, Australian forms are understood ('0412 345 678',
 * '+61 412 345 678', '(08) 9321 4400'); on top, an 8-digit local number with
 * no area code ('9321 4400'), as old address books and booking systems of a
 * Perth business keep them, is read as a Perth number, (08) 9321 4400
 * (decision 42).
 */
export function importPhone(raw: string): string | null {
  const normalized = normalizeAuPhone(raw);
  if (normalized !== null) return normalized;
  const digits = raw.replace(/[\s.-]/g, '');
  return LOCAL_NUMBER.test(digits) ? normalizeAuPhone(`${LOCAL_AREA_CODE}${digits}`) : null;
}
