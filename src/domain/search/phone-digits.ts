/**
 * The digits a phone search compares, whatever the formatting: '0412 345 678',
 * '+61 412 345 678' and '61412345678' all give '412345678' (an Australian
 * number without its trunk 0 or country code 61). Null when the text is not
 * phone-like (letters, or fewer than 6 digits), so names are not read as phones.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (digits.startsWith('61') && digits.length >= 11) return digits.slice(2);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}
