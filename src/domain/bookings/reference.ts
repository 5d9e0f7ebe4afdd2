// No 0/O, 1/I/L: a reference is read out over the phone.
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 6;

/** A booking reference from random bytes (the caller supplies the randomness). */
export function bookingReference(randomBytes: Uint8Array): string {
  if (randomBytes.length < REFERENCE_LENGTH) throw new RangeError('need 6 random bytes');
  let reference = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) {
    reference += REFERENCE_ALPHABET[randomBytes[index]! % REFERENCE_ALPHABET.length];
  }
  return reference;
}
