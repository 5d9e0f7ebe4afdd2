/**
 * WA registration plates, checked loosely: WA issues current-series plates
 * ('1ABC 234'), older ones ('ABC 123'), and personalised plates of up to
 * eight letters and digits. We accept 2 to 8 letters and digits with optional
 * single spaces or hyphens between them, and compare plates without those.
 */
const PLATE_PATTERN = /^[A-Z0-9]+(?:[ -][A-Z0-9]+)*$/;
const MIN_PLATE_CHARACTERS = 2;
const MAX_PLATE_CHARACTERS = 8;

export const INVALID_PLATE_MESSAGE = 'enter a WA plate of 2 to 8 letters and digits, e.g. 1ABC 234';

/** Upper case, trimmed, runs of spaces made one; what we store and show. */
export function normalizePlate(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The plate without spaces or hyphens: two plates are the same when these match. */
export function plateKey(plate: string): string {
  return normalizePlate(plate).replace(/[ -]/g, '');
}

export function isWaPlate(input: string): boolean {
  const plate = normalizePlate(input);
  const length = plateKey(plate).length;
  return (
    PLATE_PATTERN.test(plate) && length >= MIN_PLATE_CHARACTERS && length <= MAX_PLATE_CHARACTERS
  );
}
