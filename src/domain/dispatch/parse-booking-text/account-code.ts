export function findAccountCode(text: string): string | null {
  const match =
    /\b[Aa]ccount(?:[ \t]+(?:code|no\.?|number))?[ \t]*[:#]?[ \t]*([A-Z\d][A-Z\d-]{1,19})(?![\w-])/.exec(
      text,
    );
  return match && /[A-Z]/.test(match[1]!) ? match[1]! : null;
}
