import { clean } from './text';

// Titles in either case; the name words after them must be capitalised.
// Letters are any script's, with their accents as marks or precomposed
// ('Amélie', 'Seán', 'Nguyễn'): the patterns are Unicode ('u').
export const TITLE = String.raw`(?:[Mm]rs|[Mm]r|[Mm]s|[Mm]iss|[Mm]x|[Dd]r|[Pp]rof|[Ss]ir)\.?`;
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’\-]+`;
const NEXT_FIELD =
  /^(?:phone|mobile|mob|cell|tel|ph|e-?mail|contact|pick-?up|pax|passengers|flight)$/i;

function tidyName(raw: string): string | null {
  const withoutTitle = raw.trim().replace(new RegExp(`^${TITLE}\\s+`), '');
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
  // A single surname keeps its title so the driver can greet 'Mr Brown'.
  if (name.length === 1) {
    const title = new RegExp(`^(${TITLE})\\s+`).exec(raw.trim());
    if (title) return `${title[1]!.replace(/\.$/, '')} ${name[0]}`;
  }
  return name.join(' ');
}

/**
 * The passenger's name. `places` are the pickup and destination as read from
 * the text: a name a place starts with is the place's ('pickup Sir Charles
 * Gairdner Hospital'), never the passenger's. One later in a place's text
 * still counts ('Pickup: Crown Towers for Mr Lee' runs to the line's end).
 */
export function findName(text: string, places: readonly string[] = []): string | null {
  const isPlaceName = (found: string) => places.some((place) => place.startsWith(clean(found)));
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
  const patterns = [
    new RegExp(
      String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${TITLE}[ \t]+${fullName})`,
      'gu',
    ),
    // 'a car for John Smith 0412 345 678': without a title, only when a phone
    // follows, so 'a car for Perth Airport' is not read as a name.
    new RegExp(
      String.raw`\b[Ff]or[ \t]+(?:(?:my|our)[ \t]+\w+,?[ \t]+)?(${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})[ \t]*[,(]?[ \t]*(?:on[ \t]+|mobile[ \t]+|ph:?[ \t]*)?(?=(?:\+?61|0)[ \t]?\d)`,
      'gu',
    ),
    new RegExp(String.raw`\b[Gg]uests?[ \t]+((?:${TITLE}[ \t]+)?${fullName})`, 'gu'),
    // A label without its colon, as mail is often written ('name John Smith,
    // mob ...', 'Passenger John Smith 0412 ...'): two name words at least
    // without a title, so 'passenger terminal' is not a name.
    new RegExp(
      String.raw`\b(?:[Pp]assenger|[Cc]lient|[Cc]ustomer|[Pp]ax)?[ \t]*\b[Nn]ame[ \t]+(?:is[ \t]+)?((?:${TITLE}[ \t]+${fullName})|${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})|\b(?:[Pp]assenger|[Cc]lient|[Cc]ustomer)[ \t]+((?:${TITLE}[ \t]+${fullName})|${NAME_WORD}(?:[ \t]+${NAME_WORD}){1,2})`,
      'gu',
    ),
    new RegExp(
      String.raw`\b(?:[Ii]t'?s|[Tt]his[ \t]+is|[Mm]y[ \t]+name[ \t]+is|I[ \t]+am|I'm)[ \t]+(${NAME_WORD}[ \t]+${NAME_WORD})`,
      'gu',
    ),
    new RegExp(String.raw`(?<![\p{L}\p{N}_])(${TITLE}[ \t]+${fullName})`, 'gu'),
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const found = match[1] ?? match[2];
      if (!found || isPlaceName(found)) continue;
      const name = tidyName(found);
      if (name) return name;
      break; // a pattern's first match that names no place is its only try
    }
  }
  return null;
}
