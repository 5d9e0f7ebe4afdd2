import { COUNT, toCount } from './text';

const CHILD_SEAT = String.raw`(?:child|baby|infant|booster)[ \t]+(?:car[ \t]+)?seat(?<plural>s?)`;

/** Child seats the text asks for: how many, or null when it does not say ('child seats needed'). */
export type ChildSeatRequest = { count: number | null };

/**
 * '2 booster seats', 'a baby seat', 'Child seats: 2', 'child seat' (one), 'child seats'
 * (how many is not said); 'no child seat' asks for none. Counts written
 * with a number win over mentions without one, which may repeat them.
 */
export function findChildSeats(text: string): ChildSeatRequest | null {
  const mention = new RegExp(
    String.raw`\b(?:(?<before>no|an?|${COUNT})[ \t]+(?:x[ \t]+)?)?${CHILD_SEAT}\b`,
    'gi',
  );
  let total = 0;
  let isCounted = false;
  let isSingular = false;
  let isRequested = false;
  for (const match of text.matchAll(mention)) {
    const word = match.groups?.before?.toLowerCase();
    const isPlural = match.groups?.plural === 's';
    if (word === 'no') continue;
    isRequested = true;
    if (word === 'a' || word === 'an' || (word === undefined && !isPlural)) isSingular = true;
    else if (word !== undefined) {
      total += toCount(word);
      isCounted = true;
    }
  }
  const labelled = new RegExp(
    String.raw`^[ \t]*${CHILD_SEAT}[ \t]*[:\-–][ \t]*(?<count>\d{1,2})\b`,
    'im',
  ).exec(text);
  if (labelled && !isCounted) {
    total = Number(labelled.groups?.count);
    isCounted = true;
  }
  if (!isRequested || (isCounted && total === 0)) return null;
  if (isCounted) return { count: total };
  return { count: isSingular ? 1 : null };
}
