import { useEffect, useState } from 'react';
import { dayInZone } from '../../domain/bookings/wall-time';

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

/** Today's date in Perth, 'YYYY-MM-DD'; re-renders only when the day changes. */
export function usePerthToday(): string {
  const [today, setToday] = useState(() => dayInZone(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(dayInZone(new Date())), DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
