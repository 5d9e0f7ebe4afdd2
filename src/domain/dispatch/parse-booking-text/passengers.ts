import { COUNT, toCount } from './text';

export function findPassengers(text: string): number | null {
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
