import { MAX_CHILD_SEATS } from './limits';

/**
 * Counts of what some of a booking's passengers need. Each is counted among
 * the booking's passengers, so none may be above them: a passenger seated in
 * their wheelchair is a passenger (a WA booking record), and a child seat
 * carries a child who is one (decision 82).
 */
export type PassengerCounts = {
  numPassengers: number;
  wheelchairPassengers: number;
  childSeats: number;
};

export type PassengerCountsRefusal = {
  field: 'wheelchairPassengers' | 'childSeats';
  problem: string;
};

/** The first count above the passengers, with what is wrong; null when every count fits. */
export function passengerCountsRefusal(counts: PassengerCounts): PassengerCountsRefusal | null {
  const { numPassengers } = counts;
  const problem = `cannot be more than the ${numPassengers} passenger${numPassengers === 1 ? '' : 's'}`;
  if (counts.wheelchairPassengers > numPassengers)
    return { field: 'wheelchairPassengers', problem };
  if (counts.childSeats > numPassengers) return { field: 'childSeats', problem };
  return null;
}

/** The most child seats a booking of this many passengers takes: one each, up to the cap. */
export function mostChildSeats(numPassengers: number): number {
  return Math.min(MAX_CHILD_SEATS, numPassengers);
}
