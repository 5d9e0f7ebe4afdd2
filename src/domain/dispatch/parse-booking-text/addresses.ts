import { clean } from './text';
import { isHeaderLine } from './mail';
import { findDates, startsWithWhen } from './dates';
import { AIRPORT_MENTION, TERMINAL_ADDRESSES, airportTerminal } from './airport';
import { TITLE } from './name';

/** The booking schema's limit for an address. */
const MAX_ADDRESS_LENGTH = 300;

const COUNT_START =
  /^\d{1,3}[ \t]*(?:pax|passengers?|people|persons?|adults?|guests?|bags?|suitcases?)\b/i;

/** A place has a letter and is no time, date or head count: 'from 12 March to 15 March' names no place. */
function readsAsPlace(value: string): boolean {
  return (
    /\p{L}/u.test(value) &&
    !startsWithWhen(value) &&
    !COUNT_START.test(value) &&
    findDates(value)[0]?.index !== 0
  );
}

/** Perth Airport in any form becomes the terminal's full address; other text stays as written. */
function placeFrom(raw: string, flightNumber: string | null): string | null {
  // Lower-case 'the' only: 'The Ritz-Carlton' keeps its name.
  const value = clean(raw.replace(/^(?:the|at)\s+/, ''));
  if (value.length < 2 || value.length > MAX_ADDRESS_LENGTH || !readsAsPlace(value)) return null;
  const isAirport =
    /\bairport\b|\bT[1-4]\b|\bterminal[ \t]*[1-4]\b/i.test(value) ||
    /^(?:the[ \t]+)?(?:domestic|international)(?:[ \t]+(?:terminal|airport))?$/i.test(value);
  return isAirport ? TERMINAL_ADDRESSES[airportTerminal(value, flightNumber)] : value;
}

// Where an address written inside a sentence ends.
const ADDRESS_END = String.raw`(?=$|\n|[.;!?](?:\s|$)|[ \t]+(?:at|on|by|before|around|about|tomorrow|today|tonight|this|next|for|arriving|departing|with|please)\b|,[ \t]*(?:at|on|arriving|departing|flight|please|thanks|thank|tomorrow|today|tonight)\b|,?[ \t]*\d{1,2}[ \t]*(?:pax|passengers?|people|adults?|guests|bags?|suitcases?)\b|[ \t]*[,;|/][ \t]*(?:drop\b|d/?o[ \t]*:))`;

const PICKUP_LABELS = String.raw`pick[ \t-]?up(?:[ \t]+(?:address|location|point|from|at))?|collect(?:ion)?(?:[ \t]+(?:address|from|point))?|from|origin|p/?u`;
const DROPOFF_LABELS = String.raw`drop(?:[ \t-]?off)?(?:[ \t]+(?:address|location|point|at|to))?|destination|to|going[ \t]+to|d/?o`;
// Other fields of a one-line form, so that 'Pickup: X, Time: 9am' ends at 'Time'.
const OTHER_LABELS = String.raw`(?:passenger[ \t]+|guest[ \t]+)?name|phone|mobile|mob|tel|ph|e-?mail|date|time|pax|passengers|flight|luggage|bags|vehicle|notes?`;
// A field starts a line or follows a separator: 'Pickup: X; Dropoff: Y', 'PU: X / DO: Y'.
const FIELD_START = new RegExp(
  String.raw`(?:^|[,;|/])[ \t]*(${PICKUP_LABELS}|${DROPOFF_LABELS}|${OTHER_LABELS})(?:[ \t]*([:\-–])|[ \t]+)[ \t]*`,
  'gi',
);
const IS_PICKUP_LABEL = new RegExp(String.raw`^(?:${PICKUP_LABELS})$`, 'i');
const IS_DROPOFF_LABEL = new RegExp(String.raw`^(?:${DROPOFF_LABELS})$`, 'i');
// Only these work without a colon ('pickup 12 Hay St, drop T1'); 'to Perth' is no field.
const BARE_LABEL = /^(?:pick|collect|drop)/i;
const SHORTHAND_LABEL = /^[pd]\/?[uo]$/i;
// 'Sir Charles Gairdner Hospital' is a place.
const PERSON_START = new RegExp(String.raw`^(?!Sir[ \t])${TITLE}[ \t]`);
const AIRPORT_START = new RegExp(String.raw`^(?:${AIRPORT_MENTION.source})`, 'i');

/**
 * Whether the text after a label without a colon is a place: a street number,
 * a capitalised name or the airport. 'Pickup Mr Smith', 'pick up at 7:15am',
 * 'drop me a line' and 'pick up John Smith from the Hilton' (the person, not
 * the place) are not.
 */
function startsLikePlace(rest: string): boolean {
  const value = rest.replace(/^(?:the|at)[ \t]+/i, '');
  const firstPart = value.split(/[,;|]/)[0]!;
  return (
    (/^[\d\p{Lu}]/u.test(value) || AIRPORT_START.test(value)) &&
    !PERSON_START.test(value) &&
    !/\bfrom\b/i.test(firstPart) &&
    readsAsPlace(value)
  );
}

function isFieldStart(match: RegExpMatchArray, line: string): boolean {
  const label = match[1]!;
  const hasColon = match[2] !== undefined;
  // Chauffeur trade shorthand is written in capitals; 'Do: call first' is no dropoff.
  if (SHORTHAND_LABEL.test(label)) return hasColon && label === label.toUpperCase();
  if (hasColon) return true;
  return BARE_LABEL.test(label) && startsLikePlace(line.slice(match.index! + match[0].length));
}

// A label without a colon starts a sentence-like field ('pick up from X to
// Y at 5pm'), which ends where an address inside a sentence does.
const BARE_VALUE = new RegExp(String.raw`^(.+?)(?:[ \t]+to[ \t]+|${ADDRESS_END})`, 'i');

/** The labelled fields of one line, each value running to the next field or the line's end. */
function lineFields(line: string): { label: string; value: string }[] {
  const starts = [...line.matchAll(FIELD_START)].filter((match) => isFieldStart(match, line));
  return starts.map((match, at) => {
    const value = line.slice(match.index! + match[0].length, starts[at + 1]?.index ?? line.length);
    const hasColon = match[2] !== undefined;
    return { label: match[1]!, value: hasColon ? value : (BARE_VALUE.exec(value)?.[1] ?? value) };
  });
}

function labelledValue(text: string, label: RegExp): string | null {
  for (const line of text.split('\n')) {
    if (isHeaderLine(line)) continue;
    const field = lineFields(line).find(
      ({ label: name, value }) => label.test(name) && clean(value),
    );
    if (field) return field.value;
  }
  return null;
}

// A flight's route ('arriving on QF 10 from London to Perth', 'we fly from
// Sydney') is not the car's.
function isFlightRoute(before: string, flightNumber: string | null): boolean {
  const clause = before.split(/[\n.,;!?]/).pop() ?? '';
  const isAfterFlightNumber =
    flightNumber !== null && clause.replace(/[ \t]/g, '').toUpperCase().endsWith(flightNumber);
  return (
    isAfterFlightNumber ||
    /\b(?:flight|fly|flying|flies|flew|flown)(?:[ \t]+(?:in|out|back|home|direct))?[ \t]*$/i.test(
      clause,
    )
  );
}

/** 'from X to Y' in a sentence, the first where both sides are places. */
function findRoute(
  text: string,
  flightNumber: string | null,
): { pickup: string; dropoff: string } | null {
  // X holds no other 'from': in 'greetings from the desk, a car from 12 Hay St
  // to ...' the route starts at the second.
  const route = new RegExp(
    String.raw`\bfrom[ \t]+((?:(?!\bfrom[ \t]).)+?)[ \t]+to[ \t]+(.+?)${ADDRESS_END}`,
    'gi',
  );
  for (const match of text.matchAll(route)) {
    if (isFlightRoute(text.slice(0, match.index), flightNumber)) continue;
    const pickup = placeFrom(match[1]!, flightNumber);
    const dropoff = placeFrom(match[2]!, flightNumber);
    if (pickup && dropoff) return { pickup, dropoff };
  }
  return null;
}

/**
 * 'a car to X from Y' in a sentence: the destination first. 'to' is a common
 * word ('we need to leave from ...'), so both sides must start like a place,
 * and X stays in its sentence and holds no 'to' or pickup phrase of its own.
 */
function findDestinationFirstRoute(
  text: string,
  flightNumber: string | null,
): { pickup: string; dropoff: string } | null {
  const route = new RegExp(
    String.raw`\bto[ \t]+((?:(?!\bto[ \t]|\bpick(?:ed)?[ \t-]?up\b|\bcollect|[.!?;](?:\s|$)).)+?)[ \t]+from[ \t]+(.+?)${ADDRESS_END}`,
    'gi',
  );
  // 'to Optus Stadium at 6pm from ...': the place ends where a sentence's address does.
  const placeEnd = new RegExp(String.raw`^(.+?)${ADDRESS_END}`);
  for (const match of text.matchAll(route)) {
    if (isFlightRoute(text.slice(0, match.index), flightNumber)) continue;
    const destination = placeEnd.exec(match[1]!)?.[1] ?? match[1]!;
    const origin = match[2]!;
    if (!startsLikePlace(destination) || !startsLikePlace(origin)) continue;
    const pickup = placeFrom(origin, flightNumber);
    const dropoff = placeFrom(destination, flightNumber);
    if (pickup && dropoff) return { pickup, dropoff };
  }
  return null;
}

export function findPlaces(
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
  const pickupValue = labelledValue(text, IS_PICKUP_LABEL);
  if (!pickup && pickupValue) pickup = placeFrom(pickupValue, flightNumber);
  const dropoffValue = labelledValue(text, IS_DROPOFF_LABEL);
  if (!dropoff && dropoffValue) dropoff = placeFrom(dropoffValue, flightNumber);

  // Before the phrases below: 'need a car to X from Y' is no pickup at X,
  // and 'going to X from Y' no destination 'X from Y'.
  const destinationFirst =
    !pickup || !dropoff ? findDestinationFirstRoute(text, flightNumber) : null;
  if (destinationFirst) {
    pickup ??= destinationFirst.pickup;
    dropoff ??= destinationFirst.dropoff;
  }

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

  const route = !pickup || !dropoff ? findRoute(text, flightNumber) : null;
  if (route) {
    pickup ??= route.pickup;
    dropoff ??= route.dropoff;
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
