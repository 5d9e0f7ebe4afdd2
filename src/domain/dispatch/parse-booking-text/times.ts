import type { DatePart, Found } from './dates';

export type WallTime = { hours: number; minutes: number };

export function findTimes(text: string, dates: Found<DatePart>[]): Found<WallTime>[] {
  const times: Found<WallTime>[] = [];
  const taken = (index: number) =>
    times.some((time) => index >= time.index && index < time.end) ||
    dates.some((date) => date.value.kind === 'calendar' && index >= date.index && index < date.end);
  const add = (match: RegExpMatchArray, hours: number, minutes: number) => {
    if (taken(match.index!)) return;
    times.push({
      value: { hours, minutes },
      index: match.index!,
      end: match.index! + match[0].length,
    });
  };

  for (const match of text.matchAll(
    /(?<![\d:.])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?[ \t]*([ap])\.?m\.?(?![a-z])/gi,
  )) {
    const hour12 = Number(match[1]) % 12;
    add(match, match[3]!.toLowerCase() === 'p' ? hour12 + 12 : hour12, Number(match[2] ?? 0));
  }
  for (const match of text.matchAll(/\b(noon|midday|midnight)\b/gi)) {
    add(match, match[1]!.toLowerCase() === 'midnight' ? 0 : 12, 0);
  }
  for (const match of text.matchAll(
    /(?<![\d/.:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d]|[./]\d)(?:[ \t]*(?:hrs|hours|h)\b)?/g,
  )) {
    add(match, Number(match[1]), Number(match[2]));
  }
  // '0715' is a time only after a date, after 'at', or before 'hrs'.
  for (const match of text.matchAll(
    /(?<![\d/.:+])([01]\d|2[0-3])([0-5]\d)(?!\d)([ \t]*(?:hrs|hours|h)\b)?/g,
  )) {
    const before = text.slice(0, match.index);
    const isAfterDate = dates.some(
      (date) =>
        date.end <= match.index && /^[ \t,]*(?:at[ \t]+)?$/.test(text.slice(date.end, match.index)),
    );
    if (match[3] || /\bat[ \t]+$/i.test(before) || isAfterDate) {
      add(match, Number(match[1]), Number(match[2]));
    }
  }
  return times.sort((a, b) => a.index - b.index);
}

const PICKUP_TIME_CUE =
  /(?:pick[ \t-]?up|collect(?:ion)?|pickup[ \t]+time|time|at|be[ \t]+ready|ready)[ \t]*(?:time)?[ \t]*(?:is|will[ \t]+be)?[ \t]*[:\-–]?[ \t]*(?:at|for|by)?[ \t]*$/i;

export function chooseTime(text: string, times: Found<WallTime>[]): Found<WallTime> | null {
  const cued = times.find((time) =>
    /(?:pick[ \t-]?up|collect|pickup[ \t]+time|^[ \t]*time)[^\n.]{0,12}$/i.test(
      text
        .slice(Math.max(0, time.index - 40), time.index)
        .split('\n')
        .at(-1) ?? '',
    ),
  );
  if (cued) return cued;
  return (
    times.find((time) =>
      PICKUP_TIME_CUE.test(text.slice(Math.max(0, time.index - 25), time.index)),
    ) ??
    times[0] ??
    null
  );
}
