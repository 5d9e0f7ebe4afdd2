import { BOOKING_TIME_ZONE, dayInZone, wallTimeToIso } from '../../../../domain/bookings/wall-time';

/** The business is in Perth: pickup times are Perth wall-clock times wherever the visitor is. */
export const PICKUP_TIME_ZONE = BOOKING_TIME_ZONE;

/**
 * The instant of a picker value ('YYYY-MM-DD HH:mm:ss', no zone) read as Perth
 * time, as an ISO string in UTC. new Date(value) would read it in the
 * visitor's own zone, which is wrong for a visitor in Sydney or London.
 */
export function perthWallTimeToIso(value: string): string {
  return wallTimeToIso(value, PICKUP_TIME_ZONE);
}

/** Perth's calendar day now, 'YYYY-MM-DD': the first day the picker offers. */
export function perthToday(now: Date): string {
  return dayInZone(now, PICKUP_TIME_ZONE);
}
