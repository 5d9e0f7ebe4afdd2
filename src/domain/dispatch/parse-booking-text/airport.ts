export type Terminal = 'T1' | 'T2' | 'T3' | 'T4';

export const TERMINAL_ADDRESSES: Record<Terminal, string> = {
  T1: 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105',
  T2: 'Perth Airport Terminal 2 (T2), Sugarbird Lady Road, Perth Airport WA 6105',
  T3: 'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105',
  T4: 'Perth Airport Terminal 4 (T4), Brearley Avenue, Perth Airport WA 6105',
};

export const AIRPORT_MENTION =
  /\b(?:airport|T[1-4]|terminal[ \t]*[1-4]|domestic(?:[ \t]+(?:terminal|airport|flight))?|international(?:[ \t]+(?:terminal|airport|flight))?)\b/i;

export type TerminalChoice = {
  terminal: Terminal;
  /** Why the terminal is a guess ('from flight QF10'), or null when the text names it. */
  guess: string | null;
};

/**
 * Perth Airport's terminal for a mention: T1 is international and Virgin's
 * domestic flights, T2 regional, T3 and T4 the other domestic flights. A
 * terminal the text names ('T1', 'terminal 1', 'international', Airport
 * Drive) wins; else it is guessed from the flight, else T3.
 */
export function airportTerminal(mention: string, flightNumber: string | null): TerminalChoice {
  const explicit = /\b(?:T|terminal[ \t]*)([1-4])\b/i.exec(mention);
  if (explicit) return { terminal: `T${explicit[1]}` as Terminal, guess: null };
  // Airport Drive is T1's street: '1 Airport Drive, Perth Airport' is T1, whatever the airline.
  if (/\bairport[ \t]+dr(?:ive)?\b/i.test(mention)) return { terminal: 'T1', guess: null };
  if (/international/i.test(mention)) return { terminal: 'T1', guess: null };
  const fromFlight = `from flight ${flightNumber}`;
  if (flightNumber?.startsWith('VA')) return { terminal: 'T1', guess: fromFlight };
  if (/domestic/i.test(mention)) return { terminal: 'T3', guess: 'none given' };
  if (!flightNumber) return { terminal: 'T3', guess: 'none given' };
  return { terminal: /^(?:QF|JQ)/.test(flightNumber) ? 'T3' : 'T1', guess: fromFlight };
}
