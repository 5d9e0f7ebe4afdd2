/** Mail header lines (From/To/Cc/Sent/Subject with an address or a date) are not booking fields. */
export function isHeaderLine(line: string): boolean {
  return (
    /^\s*(?:from|to|cc|bcc|sent|date|subject|reply-to)\s*:/i.test(line) &&
    (/@|<[^>]*>/.test(line) || /^\s*(?:sent|subject|cc|bcc|reply-to)\s*:/i.test(line))
  );
}

/** The pasted text without its mail headers: a 'Sent:' date is not the pickup date. */
export function stripMailHeaders(text: string): string {
  const lines = text.split('\n');
  const subjectAt = lines.findIndex((line) => /^\s*subject\s*:/i.test(line));
  return lines
    .filter(
      (line, index) => !isHeaderLine(line) && !(index < subjectAt && /^\s*date\s*:/i.test(line)),
    )
    .join('\n');
}

const RETURN_START =
  /(?:^|\n|[.!?]\s+)\s*(?:(?:and\s+)?(?:the\s+)?return(?:ing)?(?:\s+(?:trip|journey|transfer|leg))?\b|(?:we|they|she|he|i)(?:'ll|\s+will)?\s+(?:also\s+)?(?:need|like|want)\s+a\s+return\b)/i;

/** The outward trip, and the return trip's text when the mail asks for one. */
export function splitReturnTrip(text: string): { outward: string; returnText: string | null } {
  const match = RETURN_START.exec(text);
  if (!match) return { outward: text, returnText: null };
  const returnText = text.slice(match.index).replace(/^[\s.!?]+/, '');
  return { outward: text.slice(0, match.index), returnText };
}
