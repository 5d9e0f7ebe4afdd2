import { AIRPORT_MENTION } from './airport';
import { findDates } from './dates';
import { isStreetTypeAt } from './street-number';
import { clean } from './text';

// Titles in either case; the name words after them must be capitalised.
// Letters are any script's, with their accents as marks or precomposed
// ('Amélie', 'Seán', 'Nguyễn'): the patterns are Unicode ('u').
export const TITLE = String.raw`(?:[Mm]rs|[Mm]r|[Mm]s|[Mm]iss|[Mm]x|[Dd]r|[Pp]rof|[Ss]ir)\.?`;
// A couple's titles ('Mr & Mrs Chen', 'Dr and Mr Lee'), or one.
export const TITLES = String.raw`${TITLE}(?:(?:[ \t]*&[ \t]*|[ \t]+and[ \t]+)${TITLE})?`;
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’\-]+`;
// A phone number starts here: '0412 ...', '(08) ...', '+86 ...'.
const PHONE_AHEAD = String.raw`(?=\(?(?:\+|0)[ \t]?\d)`;
// What may stand between a name and its number: 'Tom on 0412 ...', 'Sarah, mob 0400 ...'.
const BEFORE_PHONE = String.raw`[ \t]*[,(]?\s*(?:(?:on|mob(?:ile)?|ph(?:one)?|tel|m|p)[ \t]*[:.]?[ \t]*)?`;
const NEXT_FIELD =
  /^(?:phone|mobile|mob|cell|tel|ph|e-?mail|contact|pick-?up|pax|passengers|flight)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function tidyName(raw: string): string | null {
  const withoutTitle = raw.trim().replace(new RegExp(`^${TITLES}\\s+`), '');
  const words = /^\p{L}[\p{L}\p{M}'’-]*(?:[ \t]+\p{L}[\p{L}\p{M}'’-]*){0,3}/u.exec(withoutTitle);
  if (!words) return null;
  const kept = words[0]
    .split(/[ \t]+/)
    .filter((word) => !/^(?:and|on|at|from|to|will|is|has|arriving|departing|please)$/i.test(word));
  // Stop at the first lower-case word after the name ('Jane Smith arriving ...'),
  // or at the next field when a form's cells were pasted with tabs between them
  // ('Li Wei<tab>Phone: ...').
  const name: string[] = [];
  for (const word of kept) {
    if (name.length > 0 && (word === word.toLowerCase() || NEXT_FIELD.test(word))) break;
    name.push(word);
  }
  if (name.length === 0) return null;
  const title = new RegExp(`^(${TITLES})\\s+`).exec(raw.trim())?.[1];
  const titleWords = title?.replace(/\./g, '').split(/[ \t]+/);
  // A single surname keeps its title so the driver can greet 'Mr Brown'; a
  // couple's titles are always kept, as they say two people are met.
  if (titleWords && (name.length === 1 || titleWords.length > 1)) {
    return [...titleWords, ...name].join(' ');
  }
  return name.join(' ');
}

// Words before a number that name no person: 'Mobile 0412 ...', 'Call 0412 ...', 'Room 12 0412 ...'.
const NOT_A_NAME =
  /^(?:phone|mobile|mob|cell|tel|ph|call|text|sms|ring|contact|whatsapp|landline|office|home|work|fax|number|no|reception|concierge|desk|hotel|room|flight|booking|ref|reference|account|guest|passenger|name|pickup|pick|drop|thanks|cheers|regards|hi|hello|dear)$/i;

/**
 * Whether what a name pattern found at `index` is no person: the 'Dr' of a
 * street ('7 Ocean Dr Cottesloe' is Drive), a street named after a knight
 * ('12 Sir Frederick Samson Dr'), a day ('for Monday from ...'), the airport
 * ('for Airport T1 from ...') or a contact word ('Mobile 0412 ...').
 */
function isNoPerson(text: string, found: string, index: number): boolean {
  return (
    isStreetTypeAt(text, index) ||
    (/^[Ss]ir\b/.test(found) && /\d[A-Za-z]?[ \t]+$/.test(text.slice(0, index))) ||
    findDates(found).length > 0 ||
    AIRPORT_MENTION.test(found) ||
    found.split(/[ \t]+/).some((word) => NOT_A_NAME.test(word))
  );
}

/**
 * The passenger's name. `places` are the pickup and destination as read from
 * the text: a name inside one is the place's ('pickup Sir Charles Gairdner
 * Hospital', 'from 12 Hay St, Subiaco 0412 ...'), never the passenger's. A
 * place ends before a titled name ('Pickup: Crown Towers for Mr Lee').
 */
export function findName(text: string, places: readonly string[] = []): string | null {
  const isPlaceName = (found: string) => {
    const words = new RegExp(
      String.raw`(?<![\p{L}\p{M}])${escapeRegExp(clean(found))}(?![\p{L}\p{M}])`,
      'u',
    );
    return places.some((place) => words.test(place));
  };
  const labelled = new RegExp(
    String.raw`(?:^|(?<=[.!?;][ \t]+))[ \t]*(?:lead\s+)?(?:passenger|guest|client|customer|traveller|traveler|contact)?[ \t]*name[ \t]*[:\-–][ \t]*(.+)$|(?:^|(?<=[.!?;][ \t]+))[ \t]*(?:lead\s+)?(?:passenger|guest|client|customer|traveller|traveler)[ \t]*[:\-–][ \t]*(.+)$`,
    'imu',
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
  const titled = String.raw`${TITLES}[ \t]+${fullName}`;
  const patterns = [
    new RegExp(String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${titled})`, 'gdu'),
    // 'a car for John Smith 0412 345 678': without a title, only when a phone
    // follows, so 'a car for Perth Airport' is not read as a name.
    new RegExp(
      String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})[ \t]*[,(]?[ \t]*(?:on[ \t]+|mobile[ \t]+|ph:?[ \t]*)?(?=(?:\+?61|0)[ \t]?\d)`,
      'gdu',
    ),
    new RegExp(String.raw`\b[Gg]uests?[ \t]+((?:${TITLES}[ \t]+)?${fullName})`, 'gdu'),
    // A label without its colon, as mail is often written ('name John Smith,
    // mob ...', 'Passenger John Smith 0412 ...'): two name words at least
    // without a title, so 'passenger terminal' is not a name, or one when
    // its phone number follows ('Name Tom on 0412 ...').
    new RegExp(
      String.raw`\b(?:(?:[Pp]assenger|[Cc]lient|[Cc]ustomer|[Pp]ax)[ \t]+)?\b[Nn]ame[ \t]+(?:is[ \t]+)?(${titled}|${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2}|${NAME_WORD}(?=${BEFORE_PHONE}${PHONE_AHEAD}))|\b(?:[Pp]assenger|[Cc]lient|[Cc]ustomer)[ \t]+(${titled}|${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})`,
      'gdu',
    ),
    new RegExp(
      String.raw`\b(?:[Ii]t'?s|[Tt]his[ \t]+is|[Mm]y[ \t]+name[ \t]+is|I[ \t]+am|I'm)[ \t]+(${NAME_WORD}[ \t]+${NAME_WORD})`,
      'gdu',
    ),
    new RegExp(String.raw`(?<![\p{L}\p{N}_])(${titled})`, 'gdu'),
    // 'a car for Ahmed from Joondalup station', 'pick up Sarah Jones from
    // ...': the person, then where the car starts; a day or the airport is no
    // person.
    new RegExp(
      String.raw`\b(?:[Ff]or|[Pp]ick[ \t-]?up|[Cc]ollect)[ \t]+(${NAME_WORD}(?:[ \t]+${NAME_WORD}){0,2})[ \t]+from[ \t]`,
      'gdu',
    ),
    // A sign-off with the sender's number: 'Thanks, Sarah 0400 111 222', or
    // a line, sentence or part of its own: 'Tom 0412 000 111', '..., 2 pax,
    // Jen 0412 000 111'.
    new RegExp(
      String.raw`(?:\b(?:[Tt]hanks|[Tt]hank[ \t]+you|[Tt]hx|[Cc]heers|(?:(?:[Kk]ind|[Bb]est|[Ww]arm)[ \t]+)?[Rr]egards|[Mm]any[ \t]+thanks)[ \t]*[,!.]?\s+|^[ \t]*|[.!?,;][ \t]+)(${NAME_WORD}(?:[ \t]+${NAME_WORD}){0,2})(?=${BEFORE_PHONE}${PHONE_AHEAD})`,
      'gdmu',
    ),
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const group = match[1] === undefined ? 2 : 1;
      const found = match[group];
      if (!found || isPlaceName(found) || isNoPerson(text, found, match.indices![group]![0])) {
        continue;
      }
      const name = tidyName(found);
      if (name) return name;
      break; // a pattern's first match that names no place is its only try
    }
  }
  return null;
}
