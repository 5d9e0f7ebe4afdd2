/**
 * An address without a trailing ', Australia'. Every place the business
 * serves is in Australia, so the country is noise on tickets and lists; the
 * map suggestions of every provider add it (maps-service drops it). Text
 * already stored keeps it; placeTextKey sets it aside when comparing.
 */
export function withoutCountry(address: string): string {
  return address.replace(/,\s*australia[\s.]*$/i, '').trimEnd();
}

/**
 * The suburb line of an address written Australia Post's way, its last part
 * ('Mosman Park WA 6012' of '83 Gardner Street, Mosman Park WA 6012'), or
 * null for an address of one part, which has nothing before its suburb.
 */
export function addressLocality(address: string): string | null {
  const parts = withoutCountry(address)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length >= 2 ? (parts.at(-1) ?? null) : null;
}
