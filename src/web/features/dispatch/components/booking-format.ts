import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_TIME_ZONE } from '../../../../domain/bookings/booking-form';

function inPerth(iso: string): TZDate {
  return new TZDate(new Date(iso).getTime(), BOOKING_TIME_ZONE);
}

/** 'Tue 15 Jan, 9:30 AM' in Perth: a row's pickup time. */
export function formatBookingTime(iso: string): string {
  return format(inPerth(iso), 'EEE d MMM, h:mm a');
}

/** 'Tue 15 Jan 2030, 9:30:05 AM' in Perth: event history. */
export function formatEventTime(iso: string): string {
  return format(inPerth(iso), 'EEE d MMM yyyy, h:mm:ss a');
}

/** '9:30:05 AM' in Perth: the toolbar clock. */
export function formatClock(date: Date): string {
  return format(new TZDate(date.getTime(), BOOKING_TIME_ZONE), 'h:mm:ss a');
}

/** '1.2 km' / '850 m'. */
export function formatDistance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`;
}
