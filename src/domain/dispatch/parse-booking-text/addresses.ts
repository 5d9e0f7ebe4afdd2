import { clean } from './text';
import { isHeaderLine } from './mail';
import { findDates, startsWithWhen } from './dates';
import { AIRPORT_MENTION, TERMINAL_ADDRESSES, airportTerminal } from './airport';
import { TITLE } from './name';
import { endPlaceAtNextField } from './place-end';

/** A place as the booking takes it, and why its airport terminal is a guess, if it is one. */
export type Place = { address: string; terminalGuess: string | null };

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

function isAirport(value: string): boolean {
  return (
    /\bairport\b|\bT[1-4]\b|\bterminal[ \t]*[1-4]\b/i.test(value) ||
    /^(?:the[ \t]+)?(?:domestic|international)(?:[ \t]+(?:terminal|airport))?$/i.test(value)
  );
}

function airportPlace(mention: string, flightNumber: string | null): Place {
  const { terminal, guess } = airportTerminal(mention, flightNumber);
  return { address: TERMINAL_ADDRESSES[terminal], terminalGuess: guess };
}

/**
 * The place written in `raw`, up to the next field. Perth Airport in any form
 * becomes the terminal's full address; other text stays as written.
 */
function placeFrom(raw: string, flightNumber: string | null): Place | null {
  // Lower-case 'the' only: 'The Ritz-Carlton' keeps its name. Text beyond
  // twice the longest address cannot end one that the booking takes.
  const written = clean(raw.slice(0, 2 * MAX_ADDRESS_LENGTH).replace(/^(?:the|at)\s+/, ''));
  const value = clean(endPlaceAtNextField(written));
  if (value.length < 2 || value.length > MAX_ADDRESS_LENGTH || !readsAsPlace(value)) return null;
  return isAirport(value)
    ? airportPlace(value, flightNumber)
    : { address: value, terminalGuess: null };
}

// Where an address written inside a sentence ends.
const ADDRESS_END = String.raw`(?=$|\n|[.;!?](?:\s|$)|[ \t]+(?:at|on|by|before|around|about|tomorrow|today|tonight|this|next|for|arriving|departing|with|please)\b|,[ \t]*(?:at|on|arriving|departing|flight|please|thanks|thank|tomorrow|today|tonight)\b|,?[ \t]*\d{1,2}[ \t]*(?:pax|passengers?|people|adults?|guests|bags?|suitcases?)\b|[ \t]*[,;|/][ \t]*(?:drop\b|d/?o[ \t]*:))`;

const PICKUP_LABELS = String.raw`pick[ \t-]?up(?:[ \t]+(?:address|location|point|from|at))?|collect(?:ion)?(?:[ \t]+(?:address|from|point))?|from|origin|p/?u`;
const DROPOFF_LABELS = String.raw`drop(?:[ \t-]?off)?(?:[ \t]+(?:address|location|point|at|to))?|destination|to|going[ \t]+to|d/?o`;
// Other fields of a one-line form, so that 'Pickup: X, Time: 9am' ends at 'Time'.
const OTHER_LABELS = String.raw`(?:passenger[ \t]+|guest[ \t]+)?name|phone|mobile|mob|tel|ph|e-?mail|date|time|pax|passengers|flight|luggage|bags|vehicle|notes?`;
// A field starts a line or follows a separator: 'Pickup: X; Dropoff: Y', 'PU: X / DO: Y'.
// A pickup or drop-off label may also stand inside a sentence ('2 pax pickup Unit 4/55 ...').
const FIELD_START = new RegExp(
  String.raw`(?:(?:^|[,;|/])[ \t]*|(?<=[ \t]))(${PICKUP_LABELS}|${DROPOFF_LABELS}|${OTHER_LABELS})(?:[ \t]*([:\-–])|[ \t]+)[ \t]*`,
  'gi',
);
const IS_PICKUP_LABEL = new RegExp(String.raw`^(?:${PICKUP_LABELS})$`, 'i');
const IS_DROPOFF_LABEL = new RegExp(String.raw`^(?:${DROPOFF_LABELS})$`, 'i');
// Only these work without a colon ('pickup 12 Hay St, drop T1'); 'to Perth' is no field.
const BARE_LABEL = /^(?:pick|collect|drop)/i;
const SHORTHAND_LABEL = /^[pd]\/?[uo]$/i;
// Inside a sentence, a word before 'pick up' that makes it a request to a
// person, not a field: 'can you pick up Sarah', 'please collect Dr Ross'.
const REQUEST_BEFORE =
  /\b(?:please|pls|plz|kindly|to|will|ll|d|can|could|would|should|must|may|might|and|or|then|also|just|you|u|we|i|they|he|she|not|t|never)[ \t]*$/i;
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
  // A place is no longer than the booking takes: the rest of a long line says nothing more.
  const value = rest.slice(0, MAX_ADDRESS_LENGTH).replace(/^(?:the|at)[ \t]+/i, '');
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
  const isInSentence = match.index! > 0 && !/^[,;|/]/.test(match[0]);
  if (isInSentence) {
    if (!BARE_LABEL.test(label) || REQUEST_BEFORE.test(line.slice(0, match.index))) return false;
    return hasColon || startsLikePlace(line.slice(match.index! + match[0].length));
  }
  // Chauffeur trade shorthand is written in capitals; 'Do: call first' is no dropoff.
  if (SHORTHAND_LABEL.test(label)) return hasColon && label === label.toUpperCase();
  if (hasColon) return true;
  return BARE_LABEL.test(label) && startsLikePlace(line.slice(match.index! + match[0].length));
}

// A label without a colon starts a sentence-like field ('pick up from X to
// Y at 5pm'), which ends where an address inside a sentence does.
const BARE_VALUE = new RegExp(String.raw`^(.+?)(?:[ \t]+to[ \t]+|${ADDRESS_END})`, 'i');

// Between a pickup and the 'to' of its destination: no other 'from', no
// flight ('pickup T1, arriving QF 10 from Sydney to Perth') and no sentence end.
const NOT_BEFORE_DESTINATION =
  /\bfrom[ \t]|\b(?:flight|fly|flying|flies|arriv\w*|depart\w*|land\w*)\b|[.!?;](?:\s|$)/i;
const SENTENCE_PLACE = new RegExp(String.raw`^(.+?)${ADDRESS_END}`, 'i');

/**
 * The destination in the rest of a pickup field written without a colon:
 * 'pickup Unit 4/55 Mounts Bay Road 3/12 at 9am to Perth Airport T1', as
 * 'from X to Y' has it.
 */
function destinationAfterPickup(value: string): string | null {
  for (const to of value.matchAll(/[ \t]+to[ \t]+/gi)) {
    if (NOT_BEFORE_DESTINATION.test(value.slice(0, to.index))) return null;
    const rest = value.slice(to.index + to[0].length);
    if (startsLikePlace(rest)) return SENTENCE_PLACE.exec(rest)?.[1] ?? rest;
  }
  return null;
}

/** The labelled fields of one line, each value running to the next field or the line's end. */
function lineFields(line: string): { label: string; value: string }[] {
  const starts = [...line.matchAll(FIELD_START)].filter((match) => isFieldStart(match, line));
  return starts.flatMap((match, at) => {
    const label = match[1]!;
    const value = line.slice(match.index! + match[0].length, starts[at + 1]?.index ?? line.length);
    if (match[2] !== undefined) return [{ label, value }];
    const field = { label, value: BARE_VALUE.exec(value)?.[1] ?? value };
    const destination = IS_PICKUP_LABEL.test(label) ? destinationAfterPickup(value) : null;
    return destination === null ? [field] : [field, { label: 'to', value: destination }];
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

type Route = { pickup: Place; dropoff: Place };

/** 'from X to Y' in a sentence, the first where both sides are places. */
function findRoute(text: string, flightNumber: string | null): Route | null {
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
function findDestinationFirstRoute(text: string, flightNumber: string | null): Route | null {
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

// A clause's first words written as a place's: capitalised, numbers, the airport.
const WRITTEN_AS_PLACE =
  /^(?:the[ \t]+)?(?:[\p{Lu}\d]\S*|airport|terminal|domestic|international)(?:[ \t]+(?:[\p{Lu}\d]\S*|airport|terminal|domestic|international))*$/u;
const STREET_NUMBER_START = /^(?:(?:unit|apt|u)\.?[ \t]*)?\d/i;

/**
 * 'X to Y' opening a clause, as a text message puts it: 'Booking for 2 Dec:
 * Airport T1 to Hyatt Regency Perth', 'Hi, 12 Hay St to T1 at 9am'. 'Welcome
 * to Perth' and 'Cab to T1' are no route: X is written as a place's name and
 * is the airport or starts with a street number, or Y is the airport and X
 * is a name of two words at least ('Crown Towers to T1').
 */
function findClauseRoute(text: string, flightNumber: string | null): Route | null {
  // A lookahead, so a clause that is no route does not hide the next one.
  const route = new RegExp(
    String.raw`(?:^|[:;!?]|[.,](?=[ \t]))[ \t]*(?=((?:[^\s,;:.!?]+[ \t]+){0,5}?[^\s,;:.!?]+)[ \t]+to[ \t]+(.+?)${ADDRESS_END})`,
    'gimu',
  );
  for (const match of text.matchAll(route)) {
    const [, origin = '', destination = ''] = match;
    const isPlaceLike =
      WRITTEN_AS_PLACE.test(origin) &&
      !PERSON_START.test(origin) &&
      startsLikePlace(destination) &&
      (isAirport(origin) ||
        STREET_NUMBER_START.test(origin) ||
        (isAirport(destination) && origin.split(/[ \t]+/).length > 1));
    const isFlight =
      isFlightRoute(text.slice(0, match.index + match[0].length), flightNumber) ||
      (flightNumber !== null && origin.replace(/[ \t]/g, '').toUpperCase().includes(flightNumber));
    if (!isPlaceLike || isFlight) continue;
    const pickup = placeFrom(origin, flightNumber);
    const dropoff = placeFrom(destination, flightNumber);
    if (pickup && dropoff) return { pickup, dropoff };
  }
  return null;
}

/** Every way the text names the airport, so that a terminal written anywhere wins. */
function airportMentions(text: string): string {
  return [...text.matchAll(new RegExp(AIRPORT_MENTION.source, 'gi'))]
    .map((match) => match[0])
    .join(' ');
}

export function findPlaces(
  text: string,
  flightNumber: string | null,
): { pickup: Place | null; dropoff: Place | null } {
  let pickup: Place | null = null;
  let dropoff: Place | null = null;

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
    String.raw`\b(?:drop(?:ped)?[ \t-]?off|drop[ \t]+(?:me|us|him|her|them)(?:[ \t]+off)?(?=[ \t]+(?:at|to)[ \t])|take[ \t]+(?:\w+[ \t]+)?to|going[ \t]+to|heading[ \t]+to|travel(?:l?ing)?[ \t]+to|transfer[ \t]+to)[ \t]+(?:at[ \t]+|to[ \t]+)?(.+?)${ADDRESS_END}`,
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
  const clauseRoute = !pickup && !dropoff ? findClauseRoute(text, flightNumber) : null;
  if (clauseRoute) {
    pickup = clauseRoute.pickup;
    dropoff = clauseRoute.dropoff;
  }

  // An arriving flight is met at the airport; a departing one is taken there.
  const mentions = airportMentions(text);
  if (mentions || flightNumber) {
    const airport = airportPlace(mentions, flightNumber);
    const arriving = /\b(?:arriv\w*|lands?|landing|inbound|meet[ \t]+(?:and[ \t]+greet|at))\b/i;
    const departing =
      /\b(?:depart\w*|outbound|to[ \t]+the[ \t]+airport|catch(?:ing)?[ \t]+(?:a|the|his|her|their)[ \t]+flight)\b/i;
    if (!pickup && arriving.test(text) && dropoff?.address !== airport.address) pickup = airport;
    else if (!dropoff && departing.test(text) && pickup?.address !== airport.address) {
      dropoff = airport;
    }
  }
  return { pickup, dropoff };
}
