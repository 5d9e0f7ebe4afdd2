/**
 * A LIKE pattern matching `text` anywhere: the `%`, `_` and `\` a person types
 * are literal characters, not wildcards (backslash is PostgreSQL's default
 * LIKE escape).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
