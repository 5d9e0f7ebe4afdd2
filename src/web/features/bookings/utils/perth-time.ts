import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The business is in Perth: pickup times are Perth wall-clock times wherever the visitor is. */
export const PICKUP_TIME_ZONE = 'Australia/Perth';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant of a picker value ('YYYY-MM-DD HH:mm:ss', no zone) read as Perth
 * time, as an ISO string in UTC. new Date(value) would read it in the
 * visitor's own zone, which is wrong for a visitor in Sydney or London.
 */
export function perthWallTimeToIso(value: string): string {
  const match = WALL_TIME.exec(value.trim());
  if (!match) throw new RangeError(`Not a date and time: ${JSON.stringify(value)}`);
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const instant = new TZDate(year, month - 1, day, hours, minutes, seconds, PICKUP_TIME_ZONE);
  return new Date(instant.getTime()).toISOString();
}

/** Perth's calendar day now, 'YYYY-MM-DD': the first day the picker offers. */
export function perthToday(now: Date): string {
  return format(new TZDate(now.getTime(), PICKUP_TIME_ZONE), 'yyyy-MM-dd');
}
