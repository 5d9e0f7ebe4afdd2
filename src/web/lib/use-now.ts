import { useEffect, useState } from 'react';
import { businessToday } from '../../domain/bookings/wall-time';

/** The current time, renewed every `intervalMs`. Keep it in a small component: it re-renders. */
export function useNow(intervalMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const DAY_CHECK_MS = 30_000;

/**
 * The business's today, 'YYYY-MM-DD', in `timeZone` (the Settings zone:
 * `useBusinessTimeZone`), by the domain's one rule (`businessToday`); it
 * re-renders only when the day, or the zone, changes.
 */
export function useBusinessToday(timeZone: string): string {
  const [today, setToday] = useState(() => businessToday(new Date(), timeZone));
  useEffect(() => {
    setToday(businessToday(new Date(), timeZone));
    const timer = setInterval(() => setToday(businessToday(new Date(), timeZone)), DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}
