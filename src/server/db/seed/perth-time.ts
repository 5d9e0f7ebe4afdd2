export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Perth has kept UTC+8 all year since 2009 (no daylight saving), so a fixed
// offset is exact for any window the demo data covers.
const PERTH_OFFSET_MS = 8 * HOUR_MS;

export function startOfPerthDay(ms: number): number {
  return Math.floor((ms + PERTH_OFFSET_MS) / DAY_MS) * DAY_MS - PERTH_OFFSET_MS;
}

/** 0 is Sunday, as Date#getDay. */
export function perthWeekday(ms: number): number {
  return new Date(ms + PERTH_OFFSET_MS).getUTCDay();
}

/** '14:05' in Perth. */
export function formatPerthClock(ms: number): string {
  const local = new Date(ms + PERTH_OFFSET_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
