import { parseTypedNumber } from '../format/typed-number';

// Apart from the shift schemas: the Start Shift sheet reads the odometer on
// the driver's first screen, which must not load zod for it.

/** The most an odometer reads: seven digits. */
export const ODOMETER_MAX_KM = 9_999_999;

/**
 * The odometer reading typed at Start Shift: none for an empty field, whole
 * kilometres as the dial shows them (with or without thousands commas,
 * '120,345'), or why the text is not one. '12345.6' is refused, not read as
 * 123456, and '-5' is refused, not read as 5 (decision 111).
 */
export function parseOdometer(
  text: string,
): { km: number | undefined; problem?: undefined } | { km?: undefined; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { km: undefined };
  const digits = /^\d{1,3}(,\d{3})+$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  const km = parseTypedNumber(digits);
  if (km === null || !Number.isInteger(km) || km < 0) {
    return { problem: 'Enter whole kilometres, as the odometer shows them' };
  }
  if (km > ODOMETER_MAX_KM) return { problem: 'Must be at most 9,999,999 km' };
  return { km };
}
