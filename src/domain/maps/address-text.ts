/**
 * An address without a trailing ', Australia'. Every place the business
 * serves is in Australia, so the country is noise on tickets and lists; the
 * map suggestions of every provider add it (maps-service drops it). Text
 * already stored keeps it; placeTextKey sets it aside when comparing.
 */
export function withoutCountry(address: string): string {
  return address.replace(/,\s*australia[\s.]*$/i, '').trimEnd();
}
