const AIRLINES = [
  'QF',
  'VA',
  'JQ',
  'NZ',
  'SQ',
  'EK',
  'QR',
  'EY',
  'CX',
  'MH',
  'TR',
  'GA',
  'AK',
  'D7',
  'NH',
  'JL',
  'CZ',
  'MU',
  'CA',
  'UA',
  'AA',
  'DL',
  'BA',
  'TG',
  'PR',
  'KE',
  'VJ',
  'ZL',
  'XR',
  'NF',
  'FD',
  '3K',
  'AI',
  'TK',
  'LH',
  'AF',
  'KL',
  'ET',
  'MK',
  'UL',
  'QZ',
  'OD',
  'TT',
  'FJ',
  'NX',
  'BR',
  'CI',
  'VN',
];

export function findFlightNumber(text: string): string | null {
  const known = new RegExp(String.raw`\b(${AIRLINES.join('|')})[ \t]?(\d{1,4})\b`).exec(text);
  if (known) return `${known[1]}${known[2]}`;
  const labelled =
    /\bflight(?:[ \t]+(?:no\.?|number|#))?[ \t]*:?[ \t]*([A-Z\d]{2})[ \t]?(\d{1,4})\b/i.exec(text);
  if (labelled && /[A-Z]/i.test(labelled[1]!)) return `${labelled[1]!.toUpperCase()}${labelled[2]}`;
  return null;
}
