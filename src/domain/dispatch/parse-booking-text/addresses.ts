import { clean } from './text';
import { isHeaderLine } from './mail';
import { startsWithWhen } from './dates';
import { AIRPORT_MENTION, TERMINAL_ADDRESSES, airportTerminal } from './airport';

/** The booking schema's limit for an address. */
const MAX_ADDRESS_LENGTH = 300;

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
