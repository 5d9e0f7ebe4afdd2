/**
 * Passengers carried seated in their wheelchair are counted among the
 * booking's passengers (a WA booking record); never more than those.
 * Null when the pair is fine, else what is wrong, for the wheelchair field.
 */
export function wheelchairPassengersRefusal(
  numPassengers: number,
  wheelchairPassengers: number,
): string | null {
  return wheelchairPassengers > numPassengers
    ? `cannot be more than the ${numPassengers} passenger${numPassengers === 1 ? '' : 's'}`
    : null;
}
