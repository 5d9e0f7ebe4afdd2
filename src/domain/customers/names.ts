/**
 * Lower-case words that begin a family name rather than end a given one
 * ('van der Berg', 'de la Cruz', 'bin Ahmad'), matched whatever their case.
 */
const FAMILY_NAME_PARTICLES = new Set([
  'al',
  'bin',
  'binti',
  'da',
  'das',
  'de',
  'del',
  'della',
  'den',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'el',
  'la',
  'le',
  'st',
  'st.',
  'ten',
  'ter',
  'van',
  'von',
]);

function isParticle(word: string): boolean {
  return FAMILY_NAME_PARTICLES.has(word.toLowerCase());
}

/**
 * Splits one typed name (the passenger's 'Full name' on /book and the
 * dispatcher's forms, a vCard's FN) into the customer's first and last name.
 * 'Last, First' is split at the comma. Otherwise the family name is the last
 * word together with the particles just before it, so 'Mary Jane van der
 * Berg' is Mary Jane / van der Berg; at least one word stays the first name
 * ('Van Morrison'). A one-word name is a first name. What this cannot know (a
 * two-word family name without a particle, a family name written first) the
 * admin corrects on the customer; the booking keeps the name as typed.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const comma = fullName.split(',').map((part) => part.trim().replace(/\s+/g, ' '));
  if (comma.length === 2 && comma[0] && comma[1]) {
    return { firstName: comma[1], lastName: comma[0] };
  }
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  let start = words.length - 1;
  while (start > 1 && isParticle(words[start - 1]!)) start -= 1;
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}
