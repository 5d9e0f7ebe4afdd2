import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatDate, WEEKDAY_DATE_FORMAT } from '../format/dates';
import { BOOKING_TIME_ZONE, wallTimeToIso } from './wall-time';

// The pickup time as people type it and read it back. One set of rules for
// the /book page, the New Booking panel and Multi Booking.

export type TypedTime = { hours: number; minutes: number };

// '10:30', '1030', '10.30am', '10.30 a.m.', '930', '9pm', '22:30', '0030'.
const TYPED_TIME = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(a\.?m?\.?|p\.?m?\.?)?$/;

/**
 * A time typed the way Australians write it, or null when it is not one.
 * Without am or pm it is a 24-hour time, so '10:30' is the morning and
 * '22:30' the evening; with one, the hour is 1 to 12 ('12am' is midnight).
 */
export function parseTypedTime(text: string): TypedTime | null {
  const match = TYPED_TIME.exec(text.trim().toLowerCase());
  if (!match) return null;
  const [, hourText = '', minuteText = '00', meridiem] = match;
  const hour = Number(hourText);
  const minutes = Number(minuteText);
  if (minutes > 59) return null;
  if (meridiem === undefined) return hour <= 23 ? { hours: hour, minutes } : null;
  if (hour < 1 || hour > 12) return null;
  const isPm = meridiem.startsWith('p');
  return { hours: (hour % 12) + (isPm ? 12 : 0), minutes };
}

/** '10:30 am', '12:05 pm': how a time is written back. */
export function formatTypedTime(time: TypedTime): string {
  const hour12 = time.hours % 12 === 0 ? 12 : time.hours % 12;
  return `${hour12}:${String(time.minutes).padStart(2, '0')} ${time.hours < 12 ? 'am' : 'pm'}`;
}

/** The wall time the pickup pickers hold, 'YYYY-MM-DD HH:mm:ss', from a day and a typed time. */
export function pickupWallTime(day: string, time: TypedTime): string {
  const hh = String(time.hours).padStart(2, '0');
  const mm = String(time.minutes).padStart(2, '0');
  return `${day} ${hh}:${mm}:00`;
}

/** 'Dec 5, 2026' (spec section 9): a pickup day ('YYYY-MM-DD') as its date field shows it. */
export function formatPickupDay(day: string): string {
  return formatDate(day);
}

/** 'Sun, Nov 23, 10:30 am' (the year too when it is not this year's: 'Sun, Jan 3, 2027, 5:45 pm'). */
export function formatPickupInWords(
  wallTime: string,
  now: Date,
  timeZone = BOOKING_TIME_ZONE,
): string {
  const instant = new TZDate(new Date(wallTimeToIso(wallTime, timeZone)).getTime(), timeZone);
  const thisYear = new TZDate(now.getTime(), timeZone).getFullYear();
  const day = format(
    instant,
    instant.getFullYear() === thisYear ? WEEKDAY_DATE_FORMAT : `${WEEKDAY_DATE_FORMAT}, yyyy`,
  );
  return `${day}, ${format(instant, 'h:mm aaa')}`;
}

/** Pickups closer than this ask to be confirmed. */
export const SOON_PICKUP_MINUTES = 60;
/** Pickups from midnight up to this hour ask to be confirmed: often am typed for pm. */
export const NIGHT_PICKUP_END_HOUR = 5;

export type PickupConcern = 'past' | 'night' | 'soon';

/**
 * Why a pickup time deserves a second look, or null: already passed (a
 * dispatcher recording a ride after the fact), between midnight and 5 am
 * business time, or less than an hour from now.
 */
export function pickupTimeConcern(
  wallTime: string,
  now: Date,
  timeZone = BOOKING_TIME_ZONE,
): PickupConcern | null {
  const instant = new Date(wallTimeToIso(wallTime, timeZone));
  if (instant.getTime() <= now.getTime()) return 'past';
  if (new TZDate(instant.getTime(), timeZone).getHours() < NIGHT_PICKUP_END_HOUR) return 'night';
  if (instant.getTime() - now.getTime() < SOON_PICKUP_MINUTES * 60_000) return 'soon';
  return null;
}

/** What the confirmation says for each concern. */
export const PICKUP_CONCERN_MESSAGES: Record<PickupConcern, string> = {
  past: 'This pickup time has already passed.',
  night: 'This pickup is between midnight and 5 am.',
  soon: 'This pickup is less than an hour away.',
};
