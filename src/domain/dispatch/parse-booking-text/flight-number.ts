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

/** The flight number in `text` ('QF 583' is 'QF583'), and where in the text it starts. */
export function findFlightNumberAt(text: string): { flightNumber: string; index: number } | null {
  const known = new RegExp(String.raw`\b(${AIRLINES.join('|')})[ \t]?(\d{1,4})\b`).exec(text);
  if (known) return { flightNumber: `${known[1]}${known[2]}`, index: known.index };
  const labelled =
    /\bflight(?:[ \t]+(?:no\.?|number|#))?[ \t]*:?[ \t]*([A-Z\d]{2})[ \t]?(\d{1,4})\b/i.exec(text);
  if (labelled && /[A-Z]/i.test(labelled[1]!)) {
    return { flightNumber: `${labelled[1]!.toUpperCase()}${labelled[2]}`, index: labelled.index };
  }
  return null;
}

export function findFlightNumber(text: string): string | null {
  return findFlightNumberAt(text)?.flightNumber ?? null;
}
