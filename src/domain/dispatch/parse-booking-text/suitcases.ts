import { COUNT, toCount } from './text';

export function findSuitcases(text: string): number | null {
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
