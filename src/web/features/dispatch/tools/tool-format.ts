import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_TIME_ZONE } from '../../../../domain/bookings/booking-form';

/** '9:30 AM' in Perth: the time of day next to a formatDate date. */
export function formatTimeOfDay(iso: string): string {
  return format(new TZDate(new Date(iso).getTime(), BOOKING_TIME_ZONE), 'h:mm a');
}

/** 'Tue 15 Jan 2030, 9:30 AM' in Perth. */
export function formatDateTime(iso: string): string {
  return format(new TZDate(new Date(iso).getTime(), BOOKING_TIME_ZONE), 'EEE d MMM yyyy, h:mm a');
}

/** '25 min', '1 h 5 min': a route's driving time. */
export function formatDuration(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
