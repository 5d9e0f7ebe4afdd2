import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { normalizeAuPhone } from '../customers/phone';
import { selectVehicle } from '../vehicles/select-vehicle';
import type { VehicleType } from '../vehicles/vehicle-types';
import type { CreateBookingInput } from '../bookings/api';
import { DEFAULT_TIME_ZONE } from '../settings/business-defaults';

/**
 * Paste Booking: reads a booking request written by a person (an email from
 * a hotel concierge, a PA, a returning client) into a draft for the New
 * Booking form. It never books: the dispatcher checks the draft, so each rule
 * prefers leaving a field empty (and saying so) over guessing wildly.
 */

export type BookingTextDraft = Partial<CreateBookingInput> & { flightNumber?: string };

export type ParsedBookingText = {
  draft: BookingTextDraft;
  /** What was recognised, one line each ('Passenger: Jane Smith'). */
  found: string[];
  /** What could not be recognised ('Could not find a pickup time'). */
  missing: string[];
};

export const DEFAULT_PASTE_TIME_ZONE = DEFAULT_TIME_ZONE;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)`;

function toCount(word: string): number {
  return NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
}

function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/^[\s:,\-–]+|[\s,.;:\-–]+$/g, '')
    .trim();
}

// ---------------------------------------------------------------- sections

/** Mail header lines (From/To/Cc/Sent/Subject with an address or a date) are not booking fields. */
function isHeaderLine(line: string): boolean {
  return (
    /^\s*(?:from|to|cc|bcc|sent|date|subject|reply-to)\s*:/i.test(line) &&
    (/@|<[^>]*>/.test(line) || /^\s*(?:sent|subject|cc|bcc|reply-to)\s*:/i.test(line))
  );
}

/** The pasted text without its mail headers: a 'Sent:' date is not the pickup date. */
function stripMailHeaders(text: string): string {
  const lines = text.split('\n');
  const subjectAt = lines.findIndex((line) => /^\s*subject\s*:/i.test(line));
  return lines
    .filter(
      (line, index) => !isHeaderLine(line) && !(index < subjectAt && /^\s*date\s*:/i.test(line)),
    )
    .join('\n');
}

const RETURN_START =
  /(?:^|\n|[.!?]\s+)\s*(?:(?:and\s+)?(?:the\s+)?return(?:ing)?(?:\s+(?:trip|journey|transfer|leg))?\b|(?:we|they|she|he|i)(?:'ll|\s+will)?\s+(?:also\s+)?(?:need|like|want)\s+a\s+return\b)/i;

/** The outward trip, and the return trip's text when the mail asks for one. */
function splitReturnTrip(text: string): { outward: string; returnText: string | null } {
  const match = RETURN_START.exec(text);
  if (!match) return { outward: text, returnText: null };
  const returnText = text.slice(match.index).replace(/^[\s.!?]+/, '');
  return { outward: text.slice(0, match.index), returnText };
}

// ---------------------------------------------------------------- names

// Titles in either case; the name words after them must be capitalised.
const TITLE = String.raw`(?:[Mm]rs|[Mm]r|[Mm]s|[Mm]iss|[Mm]x|[Dd]r|[Pp]rof|[Ss]ir)\.?`;
const NAME_WORD = String.raw`[A-Z][a-zA-Z'’\-]+`;

function tidyName(raw: string): string | null {
  const withoutTitle = raw.trim().replace(new RegExp(`^${TITLE}\\s+`), '');
  const words = /^[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){0,3}/.exec(withoutTitle);
  if (!words) return null;
  const kept = words[0]
    .split(/[ \t]+/)
    .filter((word) => !/^(?:and|on|at|from|to|will|is|has|arriving|departing|please)$/i.test(word));
  // Stop at the first lower-case word after the name ('Jane Smith arriving ...').
  const name: string[] = [];
  for (const word of kept) {
    if (name.length > 0 && word === word.toLowerCase()) break;
    name.push(word);
  }
  if (name.length === 0) return null;
  // A single surname keeps its title so the driver can greet 'Mr Brown'.
  if (name.length === 1) {
    const title = new RegExp(`^(${TITLE})\\s+`).exec(raw.trim());
    if (title) return `${title[1]!.replace(/\.$/, '')} ${name[0]}`;
  }
  return name.join(' ');
}

function findName(text: string): string | null {
  const labelled = new RegExp(
    String.raw`(?:^|(?<=[.!?;][ \t]+))[ \t]*(?:lead\s+)?(?:passenger|guest|client|customer|traveller|traveler|contact)?[ \t]*name[ \t]*[:\-–][ \t]*(.+)$|(?:^|(?<=[.!?;][ \t]+))[ \t]*(?:lead\s+)?(?:passenger|guest|client|customer|traveller|traveler)[ \t]*[:\-–][ \t]*(.+)$`,
    'im',
  );
  for (const line of text.split('\n')) {
    const match = labelled.exec(line);
    const value = match?.[1] ?? match?.[2];
    if (value && !/^\s*\d/.test(value)) {
      const name = tidyName(value);
      if (name) return name;
    }
  }
  const fullName = String.raw`${NAME_WORD}(?:[ \t]+${NAME_WORD}){0,2}`;
  const patterns = [
    new RegExp(
      String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${TITLE}[ \t]+${fullName})`,
    ),
    // 'a car for John Smith 0412 345 678': without a title, only when a phone
    // follows, so 'a car for Perth Airport' is not read as a name.
    new RegExp(
      String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})[ \t]*[,(]?[ \t]*(?:on[ \t]+|mobile[ \t]+|ph:?[ \t]*)?(?=(?:\+?61|0)[ \t]?\d)`,
    ),
    new RegExp(String.raw`\b[Gg]uests?[ \t]+((?:${TITLE}[ \t]+)?${fullName})`),
    new RegExp(
      String.raw`\b(?:[Ii]t'?s|[Tt]his[ \t]+is|[Mm]y[ \t]+name[ \t]+is|I[ \t]+am|I'm)[ \t]+(${NAME_WORD}[ \t]+${NAME_WORD})`,
    ),
    new RegExp(String.raw`(?<![\w])(${TITLE}[ \t]+${fullName})`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) {
      const name = tidyName(match[1]!);
      if (name) return name;
    }
  }
  return null;
}

// ---------------------------------------------------------------- contact

function findPhone(text: string): string | null {
  const candidates = text.match(/(?<![\w+])\+?\(?\d[\d \t()-]{6,16}\d(?!\d)/g) ?? [];
  for (const candidate of candidates) {
    const digits = candidate.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 12) continue;
    const phone = normalizeAuPhone(candidate);
    if (phone) return phone;
  }
  return null;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** Call with the text without mail headers: the sender (a concierge desk) is not the passenger. */
function findEmail(text: string): string | null {
  const email = EMAIL.exec(text)?.[0].toLowerCase() ?? null;
  return email && z.email().safeParse(email).success ? email : null;
}

function findAccountCode(text: string): string | null {
  const match =
    /\b[Aa]ccount(?:[ \t]+(?:code|no\.?|number))?[ \t]*[:#]?[ \t]*([A-Z\d][A-Z\d-]{1,19})(?![\w-])/.exec(
      text,
    );
  return match && /[A-Z]/.test(match[1]!) ? match[1]! : null;
}

// ---------------------------------------------------------------- places

/** The booking schema's limit for an address. */
const MAX_ADDRESS_LENGTH = 300;

type Terminal = 'T1' | 'T2' | 'T3' | 'T4';

const TERMINAL_ADDRESSES: Record<Terminal, string> = {
  T1: 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105',
  T2: 'Perth Airport Terminal 2 (T2), Sugarbird Lady Road, Perth Airport WA 6105',
  T3: 'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105',
  T4: 'Perth Airport Terminal 4 (T4), Brearley Avenue, Perth Airport WA 6105',
};

const AIRPORT_MENTION =
  /\b(?:airport|T[1-4]|terminal[ \t]*[1-4]|domestic(?:[ \t]+(?:terminal|airport|flight))?|international(?:[ \t]+(?:terminal|airport|flight))?)\b/i;

/**
 * Perth Airport's terminal for a mention: T1 is international and Virgin's
 * domestic flights, T2 regional, T3 and T4 the other domestic flights.
 */
function airportTerminal(mention: string, flightNumber: string | null): Terminal {
  const explicit = /\b(?:T|terminal[ \t]*)([1-4])\b/i.exec(mention);
  if (explicit) return `T${explicit[1]}` as Terminal;
  if (/international/i.test(mention)) return 'T1';
  if (flightNumber?.startsWith('VA')) return 'T1';
  if (/domestic/i.test(mention)) return 'T3';
  return flightNumber && !/^(?:QF|JQ)/.test(flightNumber) ? 'T1' : 'T3';
}

/** Perth Airport in any form becomes the terminal's full address; other text stays as written. */
function placeFrom(raw: string, flightNumber: string | null): string | null {
  // Lower-case 'the' only: 'The Ritz-Carlton' keeps its name.
  const value = clean(raw.replace(/^(?:the|at)\s+/, ''));
  if (value.length < 2 || value.length > MAX_ADDRESS_LENGTH || startsWithWhen(value)) return null;
  const isAirport =
    /\bairport\b|\bT[1-4]\b|\bterminal[ \t]*[1-4]\b/i.test(value) ||
    /^(?:the[ \t]+)?(?:domestic|international)(?:[ \t]+(?:terminal|airport))?$/i.test(value);
  return isAirport ? TERMINAL_ADDRESSES[airportTerminal(value, flightNumber)] : value;
}

// Where an address written inside a sentence ends.
const ADDRESS_END = String.raw`(?=$|\n|[.;!?](?:\s|$)|[ \t]+(?:at|on|by|before|around|about|tomorrow|today|tonight|this|next|for|arriving|departing|with|please)\b|,[ \t]*(?:at|on|arriving|departing|flight|please|thanks|thank|tomorrow|today|tonight)\b|,?[ \t]*\d{1,2}[ \t]*(?:pax|passengers?|people|adults?|guests|bags?|suitcases?)\b)`;

function labelledValue(text: string, labels: string): string | null {
  const pattern = new RegExp(String.raw`^[ \t]*(?:${labels})[ \t]*[:\-–][ \t]*(.+)$`, 'i');
  for (const line of text.split('\n')) {
    if (isHeaderLine(line)) continue;
    const match = pattern.exec(line);
    if (match && clean(match[1]!)) return match[1]!;
  }
  return null;
}

const PICKUP_LABELS = String.raw`pick[ \t-]?up(?:[ \t]+(?:address|location|point|from))?|collect(?:ion)?(?:[ \t]+(?:address|from|point))?|from|origin`;
const DROPOFF_LABELS = String.raw`drop[ \t-]?off(?:[ \t]+(?:address|location|point|at))?|destination|to|going[ \t]+to`;

function findPlaces(
  text: string,
  flightNumber: string | null,
): { pickup: string | null; dropoff: string | null } {
  let pickup: string | null = null;
  let dropoff: string | null = null;

  // 'From: Hyatt Regency To: Perth Airport T1' on one line.
  const fromTo = /^[ \t]*from[ \t]*:[ \t]*(.+?)[ \t]+to[ \t]*:[ \t]*(.+)$/im.exec(text);
  if (fromTo) {
    pickup = placeFrom(fromTo[1]!, flightNumber);
    dropoff = placeFrom(fromTo[2]!, flightNumber);
  }
  const pickupValue = labelledValue(text, PICKUP_LABELS);
  if (!pickup && pickupValue) pickup = placeFrom(pickupValue, flightNumber);
  const dropoffValue = labelledValue(text, DROPOFF_LABELS);
  if (!dropoff && dropoffValue) dropoff = placeFrom(dropoffValue, flightNumber);

  const inlinePickup = new RegExp(
    String.raw`\b(?:pick(?:ed)?[ \t-]?up|collect(?:ed)?)[ \t]+(?:[\w'’.]+[ \t]+){0,4}?from[ \t]+(.+?)(?:[ \t]+(?:to|and[ \t]+(?:take|drive|bring|drop)[ \t]+(?:\w+[ \t]+)?(?:off[ \t]+)?(?:to|at))[ \t]+(.+?))?${ADDRESS_END}`,
    'i',
  ).exec(text);
  if (inlinePickup) {
    pickup ??= placeFrom(inlinePickup[1]!, flightNumber);
    if (inlinePickup[2]) dropoff ??= placeFrom(inlinePickup[2], flightNumber);
  }
  const inlineDropoff = new RegExp(
    String.raw`\b(?:drop(?:ped)?[ \t-]?off|take[ \t]+(?:\w+[ \t]+)?to|going[ \t]+to|heading[ \t]+to|travel(?:l?ing)?[ \t]+to|transfer[ \t]+to)[ \t]+(?:at[ \t]+|to[ \t]+)?(.+?)${ADDRESS_END}`,
    'i',
  ).exec(text);
  if (inlineDropoff) dropoff ??= placeFrom(inlineDropoff[1]!, flightNumber);
  const sendCarTo = new RegExp(
    String.raw`\b(?:send|need|book)[ \t]+(?:a|the)[ \t]+(?:car|cab|driver|taxi|chauffeur)[ \t]+(?:to|at)[ \t]+(.+?)${ADDRESS_END}`,
    'i',
  ).exec(text);
  if (sendCarTo) pickup ??= placeFrom(sendCarTo[1]!, flightNumber);

  if (!pickup || !dropoff) {
    const fromToInline = new RegExp(
      String.raw`\bfrom[ \t]+(.+?)[ \t]+to[ \t]+(.+?)${ADDRESS_END}`,
      'i',
    ).exec(text);
    if (fromToInline) {
      const from = placeFrom(fromToInline[1]!, flightNumber);
      const to = placeFrom(fromToInline[2]!, flightNumber);
      if (from && to) {
        pickup ??= from;
        dropoff ??= to;
      }
    }
  }

  // An arriving flight is met at the airport; a departing one is taken there.
  if (AIRPORT_MENTION.test(text) || flightNumber) {
    const mention = AIRPORT_MENTION.exec(text)?.[0] ?? '';
    const airport = TERMINAL_ADDRESSES[airportTerminal(mention, flightNumber)];
    const arriving = /\b(?:arriv\w*|lands?|landing|inbound|meet[ \t]+(?:and[ \t]+greet|at))\b/i;
    const departing =
      /\b(?:depart\w*|outbound|to[ \t]+the[ \t]+airport|catch(?:ing)?[ \t]+(?:a|the|his|her|their)[ \t]+flight)\b/i;
    if (!pickup && arriving.test(text) && dropoff !== airport) pickup = airport;
    else if (!dropoff && departing.test(text) && pickup !== airport) dropoff = airport;
  }
  return { pickup, dropoff };
}

// ---------------------------------------------------------------- flights

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

function findFlightNumber(text: string): string | null {
  const known = new RegExp(String.raw`\b(${AIRLINES.join('|')})[ \t]?(\d{1,4})\b`).exec(text);
  if (known) return `${known[1]}${known[2]}`;
  const labelled =
    /\bflight(?:[ \t]+(?:no\.?|number|#))?[ \t]*:?[ \t]*([A-Z\d]{2})[ \t]?(\d{1,4})\b/i.exec(text);
  if (labelled && /[A-Z]/i.test(labelled[1]!)) return `${labelled[1]!.toUpperCase()}${labelled[2]}`;
  return null;
}

// ---------------------------------------------------------------- counts

function findPassengers(text: string): number | null {
  const party = new RegExp(String.raw`\bparty[ \t]+of[ \t]+${COUNT}\b`, 'i').exec(text);
  if (party) return toCount(party[1]!);
  const labelled =
    /^[ \t]*(?:passengers|pax|no\.?[ \t]+of[ \t]+passengers|number[ \t]+of[ \t]+passengers|guests)[ \t]*[:\-–][ \t]*(\d{1,2})\b/im.exec(
      text,
    );
  if (labelled) return Number(labelled[1]);
  const adults = new RegExp(String.raw`\b${COUNT}[ \t]+adults?\b`, 'i').exec(text);
  const children = new RegExp(
    String.raw`\b${COUNT}[ \t]+(?:child|children|kids?|infants?)\b`,
    'i',
  ).exec(text);
  if (adults) return toCount(adults[1]!) + (children ? toCount(children[1]!) : 0);
  const plain = new RegExp(
    String.raw`\b${COUNT}[ \t]*(?:pax|passengers?|people|persons|guests|travell?ers)\b`,
    'i',
  ).exec(text);
  return plain ? toCount(plain[1]!) : null;
}

function findSuitcases(text: string): number | null {
  const pattern = new RegExp(
    String.raw`\b${COUNT}[ \t]+(?:x[ \t]+)?(?:(?:large|medium|small|big|checked|check-in)[ \t]+)?(?:suitcases?|bags|bag|cases|pieces[ \t]+of[ \t]+luggage|luggage)\b`,
    'gi',
  );
  let total = 0;
  let isFound = false;
  for (const match of text.matchAll(pattern)) {
    total += toCount(match[1]!);
    isFound = true;
  }
  const labelled = /^[ \t]*(?:luggage|bags|suitcases)[ \t]*[:\-–][ \t]*(\d{1,2})\b/im.exec(text);
  if (!isFound && labelled) return Number(labelled[1]);
  if (!isFound && /\bno[ \t]+(?:luggage|bags|suitcases)\b/i.test(text)) return 0;
  return isFound ? total : null;
}

function findVehicle(text: string, passengers: number | null, suitcases: number | null) {
  if (/\bimax\b/i.test(text)) return 'Imax 7' as const;
  if (/\bmulti[ \t-]?van\b/i.test(text)) return 'Multivan 6' as const;
  const pax = passengers ?? 1;
  const byCapacity = selectVehicle({
    passengers: pax,
    largeSuitcases: suitcases ?? 0,
    mediumSuitcases: 0,
    excessLuggage: false,
    sportingEquipment: false,
    oversizedItems: false,
  });
  const asksForVan =
    /\b(?:van|mini[ \t-]?van|people[ \t]+mover|maxi(?:[ \t-]?(?:taxi|cab))?)\b/i.test(text);
  if (asksForVan && byCapacity === 'Standard HUG') return 'Multivan 6' as const;
  if (/\b(?:sedan|standard)\b/i.test(text)) return byCapacity;
  // The form's default is Standard HUG: only a bigger vehicle is news.
  return byCapacity === 'Standard HUG' ? null : byCapacity;
}

// ---------------------------------------------------------------- dates and times

type Found<T> = { value: T; index: number; end: number };
type WallTime = { hours: number; minutes: number };
type DatePart =
  | { kind: 'relative'; daysAhead: number }
  | { kind: 'weekday'; weekday: number; isNext: boolean }
  | { kind: 'calendar'; day: number; month: number; year: number | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

function fullYear(year: string | undefined): number | null {
  if (!year) return null;
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

function isValidDay(day: number, month: number): boolean {
  return month >= 0 && month <= 11 && day >= 1 && day <= 31;
}

function findDates(text: string): Found<DatePart>[] {
  const dates: Found<DatePart>[] = [];
  const add = (match: RegExpMatchArray, value: DatePart) =>
    dates.push({ value, index: match.index!, end: match.index! + match[0].length });

  for (const match of text.matchAll(
    /\b(day[ \t]+after[ \t]+tomorrow|tomorrow|tmrw|today|tonight|this[ \t]+(?:morning|afternoon|evening))\b/gi,
  )) {
    const word = match[1]!.toLowerCase();
    const daysAhead = word.startsWith('day after') ? 2 : /^(?:tomorrow|tmrw)$/.test(word) ? 1 : 0;
    add(match, { kind: 'relative', daysAhead });
  }
  for (const match of text.matchAll(
    /\b(?:(this|next)[ \t]+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
  )) {
    add(match, {
      kind: 'weekday',
      weekday: WEEKDAYS.indexOf(match[2]!.toLowerCase()),
      isNext: match[1]?.toLowerCase() === 'next',
    });
  }
  for (const match of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const month = Number(match[2]) - 1;
    const day = Number(match[3]);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: Number(match[1]) });
  }
  // Australian order: day/month[/year]. A dot only with a year, so 5.30 stays a time.
  for (const match of text.matchAll(
    /(?<![\d/.:-])(\d{1,2})(?:[/-](\d{1,2})(?:[/-](\d{4}|\d{2}))?|\.(\d{1,2})\.(\d{4}|\d{2}))(?![\d/])/g,
  )) {
    const day = Number(match[1]);
    const month = Number(match[2] ?? match[4]) - 1;
    if (isValidDay(day, month)) {
      add(match, { kind: 'calendar', day, month, year: fullYear(match[3] ?? match[5]) });
    }
  }
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?(?:[ \t]+of)?[ \t]+${MONTH}\.?(?:,?[ \t]+(\d{4}))?\b`,
      'gi',
    ),
  )) {
    const day = Number(match[1]);
    const month = monthIndex(match[2]!);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: fullYear(match[3]) });
  }
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b${MONTH}\.?[ \t]+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?[ \t]+(\d{4}))?`,
      'gi',
    ),
  )) {
    const day = Number(match[2]);
    const month = monthIndex(match[1]!);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: fullYear(match[3]) });
  }
  // A weekday right before a calendar date ('Fri 13 Mar') adds nothing: drop it.
  return dates
    .sort((a, b) => a.index - b.index)
    .filter(
      (date, position, all) =>
        !(
          date.value.kind === 'weekday' &&
          all[position + 1]?.value.kind === 'calendar' &&
          all[position + 1]!.index - date.end <= 3
        ),
    );
}

function findTimes(text: string, dates: Found<DatePart>[]): Found<WallTime>[] {
  const times: Found<WallTime>[] = [];
  const taken = (index: number) =>
    times.some((time) => index >= time.index && index < time.end) ||
    dates.some((date) => date.value.kind === 'calendar' && index >= date.index && index < date.end);
  const add = (match: RegExpMatchArray, hours: number, minutes: number) => {
    if (taken(match.index!)) return;
    times.push({
      value: { hours, minutes },
      index: match.index!,
      end: match.index! + match[0].length,
    });
  };

  for (const match of text.matchAll(
    /(?<![\d:.])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?[ \t]*([ap])\.?m\.?(?![a-z])/gi,
  )) {
    const hour12 = Number(match[1]) % 12;
    add(match, match[3]!.toLowerCase() === 'p' ? hour12 + 12 : hour12, Number(match[2] ?? 0));
  }
  for (const match of text.matchAll(/\b(noon|midday|midnight)\b/gi)) {
    add(match, match[1]!.toLowerCase() === 'midnight' ? 0 : 12, 0);
  }
  for (const match of text.matchAll(
    /(?<![\d/.:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d]|[./]\d)(?:[ \t]*(?:hrs|hours|h)\b)?/g,
  )) {
    add(match, Number(match[1]), Number(match[2]));
  }
  // '0715' is a time only after a date, after 'at', or before 'hrs'.
  for (const match of text.matchAll(
    /(?<![\d/.:+])([01]\d|2[0-3])([0-5]\d)(?!\d)([ \t]*(?:hrs|hours|h)\b)?/g,
  )) {
    const before = text.slice(0, match.index);
    const isAfterDate = dates.some(
      (date) =>
        date.end <= match.index && /^[ \t,]*(?:at[ \t]+)?$/.test(text.slice(date.end, match.index)),
    );
    if (match[3] || /\bat[ \t]+$/i.test(before) || isAfterDate) {
      add(match, Number(match[1]), Number(match[2]));
    }
  }
  return times.sort((a, b) => a.index - b.index);
}

const PICKUP_TIME_CUE =
  /(?:pick[ \t-]?up|collect(?:ion)?|pickup[ \t]+time|time|at|be[ \t]+ready|ready)[ \t]*(?:time)?[ \t]*(?:is|will[ \t]+be)?[ \t]*[:\-–]?[ \t]*(?:at|for|by)?[ \t]*$/i;

function chooseTime(text: string, times: Found<WallTime>[]): Found<WallTime> | null {
  const cued = times.find((time) =>
    /(?:pick[ \t-]?up|collect|pickup[ \t]+time|^[ \t]*time)[^\n.]{0,12}$/i.test(
      text
        .slice(Math.max(0, time.index - 40), time.index)
        .split('\n')
        .at(-1) ?? '',
    ),
  );
  if (cued) return cued;
  return (
    times.find((time) =>
      PICKUP_TIME_CUE.test(text.slice(Math.max(0, time.index - 25), time.index)),
    ) ??
    times[0] ??
    null
  );
}

function chooseDate(
  dates: Found<DatePart>[],
  time: Found<WallTime> | null,
): Found<DatePart> | null {
  if (dates.length === 0) return null;
  if (!time) return dates[0]!;
  return [...dates].sort(
    (a, b) => Math.abs(a.index - time.index) - Math.abs(b.index - time.index),
  )[0]!;
}

function resolvePickupTime(
  datePart: DatePart | null,
  time: WallTime | null,
  now: Date,
  timeZone: string,
): TZDate | null {
  const local = new TZDate(now.getTime(), timeZone);
  const at = (year: number, month: number, day: number, wall: WallTime) =>
    new TZDate(year, month, day, wall.hours, wall.minutes, 0, timeZone);
  const wall = time ?? { hours: 23, minutes: 59 };
  const today = { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };

  if (datePart === null) {
    if (!time) return null;
    const candidate = at(today.year, today.month, today.day, time);
    return candidate.getTime() >= now.getTime()
      ? candidate
      : at(today.year, today.month, today.day + 1, time);
  }
  switch (datePart.kind) {
    case 'relative':
      return at(today.year, today.month, today.day + datePart.daysAhead, wall);
    case 'weekday': {
      let daysAhead = (datePart.weekday - local.getDay() + 7) % 7;
      if (
        daysAhead === 0 &&
        (datePart.isNext || at(today.year, today.month, today.day, wall) < now)
      ) {
        daysAhead = 7;
      }
      return at(today.year, today.month, today.day + daysAhead, wall);
    }
    case 'calendar': {
      if (datePart.year !== null) return at(datePart.year, datePart.month, datePart.day, wall);
      const thisYear = at(today.year, datePart.month, datePart.day, wall);
      return thisYear.getTime() >= now.getTime()
        ? thisYear
        : at(today.year + 1, datePart.month, datePart.day, wall);
    }
  }
}

function startsWithWhen(value: string): boolean {
  return /^(?:\d{1,2}(?:[:.]\d{2})?[ \t]*[ap]\.?m|\d{1,2}[:/]\d{2}|today|tomorrow|tonight|(?:this|next)[ \t]|(?:sun|mon|tues|wednes|thurs|fri|satur)day)\b/i.test(
    value,
  );
}

// ---------------------------------------------------------------- the parser

function describeTime(instant: TZDate): string {
  return format(instant, 'EEE d MMM yyyy, h:mm aaa');
}

/**
 * Reads a pasted booking request. Pure: the same text and `now` give the same
 * draft. Dates without a year are the next occurrence that is not in the
 * past; times are wall-clock times in `timeZone`.
 */
export function parseBookingText(
  text: string,
  now: Date,
  timeZone: string = DEFAULT_PASTE_TIME_ZONE,
): ParsedBookingText {
  const normalized = stripMailHeaders(
    text.replace(/\r\n?/g, '\n').replace(/[\u00a0\u2009\u202f]/g, ' '),
  );
  const { outward, returnText } = splitReturnTrip(normalized);
  const draft: BookingTextDraft = {};
  const found: string[] = [];
  const missing: string[] = [];

  const name = findName(normalized);
  if (name) {
    draft.passengerName = name;
    found.push(`Passenger: ${name}`);
  } else missing.push('Could not find a passenger name');

  const phone = findPhone(normalized);
  if (phone) {
    draft.phone = phone;
    found.push(`Phone: ${phone}`);
  } else missing.push('Could not find a phone number');

  const email = findEmail(normalized);
  if (email) {
    draft.email = email;
    found.push(`Email: ${email}`);
  }

  const accountCode = findAccountCode(normalized);
  if (accountCode) {
    draft.accountCode = accountCode;
    found.push(`Account: ${accountCode}`);
  }

  const flightNumber = findFlightNumber(outward);
  if (flightNumber) {
    draft.flightNumber = flightNumber;
    found.push(`Flight: ${flightNumber}`);
  }

  const { pickup, dropoff } = findPlaces(outward, flightNumber);
  if (pickup) {
    draft.pickupLocation = pickup;
    found.push(`Pickup: ${pickup}`);
  } else missing.push('Could not find a pickup address');
  if (dropoff) {
    draft.dropoffLocation = dropoff;
    found.push(`Destination: ${dropoff}`);
  } else missing.push('Could not find a destination');

  const dates = findDates(outward);
  const time = chooseTime(outward, findTimes(outward, dates));
  const date = chooseDate(dates, time);
  if (!date) missing.push('Could not find a pickup date');
  if (!time) missing.push('Could not find a pickup time');
  const pickupTime = time
    ? resolvePickupTime(date?.value ?? null, time.value, now, timeZone)
    : null;
  if (pickupTime) {
    draft.pickupTime = pickupTime.toISOString();
    found.push(`Pickup time: ${describeTime(pickupTime)}${date ? '' : ' (next occurrence)'}`);
    if (pickupTime.getTime() < now.getTime()) missing.push('The pickup time has already passed');
  }

  const passengers = findPassengers(outward) ?? findPassengers(normalized);
  if (passengers !== null) {
    draft.numPassengers = Math.min(Math.max(passengers, 1), 7);
    found.push(`Passengers: ${passengers}`);
    if (passengers > 7) missing.push(`${passengers} passengers need more than one vehicle`);
  }
  const suitcases = findSuitcases(outward) ?? findSuitcases(normalized);
  if (suitcases !== null) {
    draft.numSuitcases = Math.min(suitcases, 20);
    found.push(`Suitcases: ${suitcases}`);
  }
  const vehicleType: VehicleType | null = findVehicle(outward, passengers, suitcases);
  if (vehicleType) {
    draft.vehicleType = vehicleType;
    found.push(`Vehicle: ${vehicleType}`);
  }

  const notes: string[] = [];
  if (flightNumber) notes.push(`Flight ${flightNumber}`);
  if (/\b(?:child|baby|infant|booster)[ \t]+(?:car[ \t]+)?seats?\b/i.test(normalized)) {
    notes.push('Child seat requested');
    found.push('Child seat requested');
  }
  if (returnText) {
    const firstSentence = clean(returnText.split(/\n|(?<=[.!?])\s+/)[0] ?? '');
    notes.push(`Return trip: ${firstSentence}`);
    found.push('Return trip (book it separately)');
  }
  if (notes.length > 0) draft.notes = notes.join('\n');

  return { draft, found, missing };
}
