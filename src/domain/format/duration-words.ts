/** '1 minute', '10 minutes', '2 hours'. */
export function countOf(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/**
 * A span of whole minutes as a sentence says it: '45 minutes', '2 hours',
 * '1 hour 30 minutes'. Hours from 60 minutes on: '150 minutes' made the
 * reader do the sum.
 */
export function minutesInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return countOf(rest, 'minute');
  return rest === 0
    ? countOf(hours, 'hour')
    : `${countOf(hours, 'hour')} ${countOf(rest, 'minute')}`;
}
