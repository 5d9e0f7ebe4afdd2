// How a stored phone reads on screen. Phones are stored in E.164 (decision
// 12), which is what a tel: link wants and what no one in Perth says aloud:
// a dispatcher reading '+61412345678' back to a caller converts it in their
// head. Australian numbers are shown as they are written here; any other
// number, or text stored as typed before it could be read, as stored. No
// libphonenumber: this runs in every list row, in chunks that do not carry
// its metadata.

const AU = '+61';

/** The digits split into groups of these sizes, spaced. */
function grouped(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** A national number (with its trunk 0, or a 13/1300/1800 number) as written in Australia. */
function written(national: string): string | null {
  if (/^0[2378]\d{8}$/.test(national)) {
    return `(${national.slice(0, 2)}) ${grouped(national.slice(2), [4, 4])}`;
  }
  if (/^0[45]\d{8}$/.test(national) || /^1[38]00\d{6}$/.test(national)) {
    return grouped(national, [4, 3, 3]);
  }
  if (/^13\d{4}$/.test(national)) return grouped(national, [2, 2, 2]);
  return null;
}

/**
 * '+61412345678' -> '0412 345 678', '+61892211234' -> '(08) 9221 1234',
 * '+611300123456' -> '1300 123 456', '+61131234' -> '13 12 34'; anything
 * else as it is ('+442079460958', '0412 345 678 ext 2').
 */
export function phoneForDisplay(stored: string): string {
  if (!stored.startsWith(AU)) return stored;
  const rest = stored.slice(AU.length);
  if (!/^\d+$/.test(rest)) return stored;
  const national = rest.startsWith('1') ? rest : `0${rest}`;
  return written(national) ?? stored;
}

/**
 * A text in which stored phones may stand (a search hit's 'Matched:' or its
 * line of details) with each Australian one as `phoneForDisplay` shows it:
 * 'Tessa Newman · +61412555901' -> 'Tessa Newman · 0412 555 901'.
 */
export function phonesInTextForDisplay(text: string): string {
  return text.replace(/\+61\d{6,10}\b/g, phoneForDisplay);
}

// What people write a phone number with, besides its digits.
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/**
 * A phone kept as typed rather than stored in E.164 (the business's own, in
 * Settings → Business) written as phoneForDisplay writes a stored one:
 * '+61 8 9000 0000' -> '(08) 9000 0000', '0412-345-678' -> '0412 345 678'.
 * Another country's number, a number of the wrong length or text with words
 * in it ('08 9000 0000 ext 2') as typed.
 */
export function typedPhoneForDisplay(typed: string): string {
  const text = typed.trim();
  if (!TYPED_PHONE.test(text)) return typed;
  const digits = text.replace(/\D/g, '');
  let national: string;
  if (text.startsWith('+')) {
    if (!digits.startsWith('61')) return typed;
    // '+61 (0)8 ...' carries the trunk 0 as well.
    national = digits.slice(2).replace(/^0/, '');
  } else if (digits.startsWith('0')) {
    national = digits.slice(1);
  } else if (digits.startsWith('1')) {
    national = digits;
  } else {
    return typed;
  }
  const stored = `${AU}${national}`;
  const shown = phoneForDisplay(stored);
  return shown === stored ? typed : shown;
}
