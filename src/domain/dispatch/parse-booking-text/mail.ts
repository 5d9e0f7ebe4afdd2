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

// A request that opens by asking for a trip there and back: 'Return trip from
// X to Y at 7pm, back at 11pm', 'Hi, round trip please ...'.
const ROUND_TRIP_OPENING =
  /^\s*(?:(?:hi|hello|hey|good[ \t]+(?:morning|afternoon|evening)|dear[ \t]+[^\s,]+)[ \t]*[,!.]?\s*)?((?:(?:a|the)[ \t]+)?(?:return|round)[ \t]+(?:trip|journey|transfer)\b)/i;
// Where the way back starts inside a sentence: ', back at 11pm', ', returning
// on Friday', 'and back to the hotel'.
const RETURN_LEG =
  /(?:[,;]|[.!?](?=\s)|\n|[ \t]and\b)[ \t]*(?:(?:and|then)[ \t]+)?(?:back|return(?:ing)?|coming[ \t]+back)(?=[ \t]*(?:$|[\d.,;!?]|(?:at|on|by|around|about|from|to|home|after|later|the[ \t]+same)\b))/i;

function splitAt(text: string, index: number): { outward: string; returnText: string } {
  return {
    outward: text.slice(0, index),
    returnText: text
      .slice(index)
      .replace(/^[\s,;.!?]+/, '')
      .replace(/^and[ \t]+/i, ''),
  };
}

/**
 * The outward trip, and the return trip's text when the mail asks for one:
 * from a return phrase ('We'll need a return on ...', 'Return: ...') or from
 * the way back inside a sentence ('to Perth Arena at 7pm, back at 11pm'). A
 * request that opens with 'Return trip' names the kind of trip: its outward
 * leg is the booking; with no way back written, its first sentence is the
 * return's note.
 */
export function splitReturnTrip(text: string): { outward: string; returnText: string | null } {
  const opening = ROUND_TRIP_OPENING.exec(text);
  const searchFrom = opening ? opening[0].length : 0;
  const start = opening ? null : RETURN_START.exec(text);
  const leg = RETURN_LEG.exec(text.slice(searchFrom));
  const legAt = leg ? searchFrom + leg.index : null;
  if (start && (legAt === null || start.index <= legAt)) {
    return splitAt(text, start.index);
  }
  if (legAt !== null) return splitAt(text, legAt);
  if (opening) {
    return { outward: text, returnText: text.slice(opening[0].length - opening[1]!.length) };
  }
  return { outward: text, returnText: null };
}
