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
export const COUNT = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)`;

export function toCount(word: string): number {
  return NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
}

export function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/^[\s:,\-–]+|[\s,.;:\-–]+$/g, '')
    .trim();
}
