import {
  MAX_CHILD_SEATS,
  MAX_PASSENGERS,
  MAX_SUITCASES,
  MIN_PASSENGERS,
} from '../../bookings/limits';
import { mostChildSeats } from '../../bookings/passenger-counts';

// A count the text asks for, fitted to what a booking takes (the limits every
// booking schema checks), with what to tell the dispatcher when it had to
// change: 'Pax: 9' fills Passengers with 7, and the field says so.

export type FittedCount = {
  count: number;
  /** Why the count is not the one asked for, or null when it is. */
  note: string | null;
};

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function fitPassengers(asked: number): FittedCount {
  const text = `The text asks for ${counted(asked, 'passenger', 'passengers')}`;
  if (asked > MAX_PASSENGERS) {
    return {
      count: MAX_PASSENGERS,
      note: `${text}: ${MAX_PASSENGERS} is the most a vehicle seats`,
    };
  }
  if (asked < MIN_PASSENGERS) {
    return { count: MIN_PASSENGERS, note: `${text}: a booking has at least ${MIN_PASSENGERS}` };
  }
  return { count: asked, note: null };
}

export function fitSuitcases(asked: number): FittedCount {
  if (asked <= MAX_SUITCASES) return { count: asked, note: null };
  return {
    count: MAX_SUITCASES,
    note: `The text asks for ${counted(asked, 'suitcase', 'suitcases')}: ${MAX_SUITCASES} is the most a booking takes`,
  };
}

/** Child seats within the booking's passengers, a seat each, and the cap (decision 82). */
export function fitChildSeats(asked: number, numPassengers: number): FittedCount {
  const most = mostChildSeats(numPassengers);
  if (asked <= most) return { count: asked, note: null };
  const limit =
    most === MAX_CHILD_SEATS
      ? `${MAX_CHILD_SEATS} is the most a booking fits`
      : `${counted(numPassengers, 'passenger takes', 'passengers take')} at most ${most}`;
  return {
    count: most,
    note: `The text asks for ${counted(asked, 'child seat', 'child seats')}: ${limit}`,
  };
}
