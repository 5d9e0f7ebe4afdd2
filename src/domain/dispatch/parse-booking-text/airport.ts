export type Terminal = 'T1' | 'T2' | 'T3' | 'T4';

export const TERMINAL_ADDRESSES: Record<Terminal, string> = {
  T1: 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105',
  T2: 'Perth Airport Terminal 2 (T2), Sugarbird Lady Road, Perth Airport WA 6105',
  T3: 'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105',
  T4: 'Perth Airport Terminal 4 (T4), Brearley Avenue, Perth Airport WA 6105',
};

export const AIRPORT_MENTION =
  /\b(?:airport|T[1-4]|terminal[ \t]*[1-4]|domestic(?:[ \t]+(?:terminal|airport|flight))?|international(?:[ \t]+(?:terminal|airport|flight))?)\b/i;

/**
 * Perth Airport's terminal for a mention: T1 is international and Virgin's
 * domestic flights, T2 regional, T3 and T4 the other domestic flights.
 */
export function airportTerminal(mention: string, flightNumber: string | null): Terminal {
  const explicit = /\b(?:T|terminal[ \t]*)([1-4])\b/i.exec(mention);
  if (explicit) return `T${explicit[1]}` as Terminal;
  // Airport Drive is T1's street: '1 Airport Drive, Perth Airport' is T1, whatever the airline.
  if (/\bairport[ \t]+dr(?:ive)?\b/i.test(mention)) return 'T1';
  if (/international/i.test(mention)) return 'T1';
  if (flightNumber?.startsWith('VA')) return 'T1';
  if (/domestic/i.test(mention)) return 'T3';
  return flightNumber && !/^(?:QF|JQ)/.test(flightNumber) ? 'T1' : 'T3';
}
