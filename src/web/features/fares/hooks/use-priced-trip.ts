import { quoteLimitExceeded } from '../../../../domain/fares/quote-limits';
import { seatsRefusal } from '../../../../domain/vehicles/capacity';
import type { PlannedRoute } from '../../maps/types';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useQuote } from '../api/get-quote';
import type { TripOptions } from '../utils/trip-options';
import type { TripLink } from '../utils/trip-params';
import { quoteErrorProblem, tooLongProblem, type QuoteProblem } from '../utils/quote-problem';

/**
 * The server's quote for a planned route with the chosen options, and the
 * trip that Book Now carries to /book: what the calculator and the widget
 * both show once a route is planned.
 *
 * Book Now gets no trip (and is disabled) while the trip cannot be booked
 * online: a route past the quote limits, which is not sent for a quote at
 * all, or a vehicle that cannot seat the passengers (decision 91), which is
 * still priced: the fare is right for the vehicle chosen, and the Vehicle
 * Type field says what to change.
 */
export function usePricedTrip(route: PlannedRoute | null, options: TripOptions) {
  const business = usePublicSettings().data?.business;
  const tooLong = route ? quoteLimitExceeded(route) : null;
  const quote = useQuote(
    route && !tooLong
      ? {
          distanceMeters: route.distanceMeters,
          durationSeconds: route.durationSeconds,
          vehicleType: options.vehicleType,
          childSeats: options.childSeats,
        }
      : null,
  );
  const vehicleRefusal = seatsRefusal(options.passengers, options.vehicleType);

  let problem: QuoteProblem | null = null;
  if (tooLong) problem = tooLongProblem(tooLong, business);
  else if (route && quote.isError && !quote.data)
    problem = quoteErrorProblem(quote.error, business);

  const trip: TripLink | null =
    route && !tooLong && !vehicleRefusal
      ? {
          pickup: route.pickup,
          dropoff: route.dropoff,
          stops: route.stops,
          options,
          route: { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds },
        }
      : null;
  return {
    quote,
    trip,
    /** Why there is no fare for the route: too long, or the quote failed. */
    problem,
    /** The Vehicle Type field's message (seatsRefusal), or null. */
    vehicleRefusal,
    /** The fare shown is the route's own, or there will be none (useFareReveal). */
    isSettled: tooLong !== null || isQuoteSettled(quote),
  };
}

/** The quote shown is the route's own (not a previous one kept on screen), or pricing failed. */
export function isQuoteSettled(quote: {
  data: unknown;
  isPlaceholderData: boolean;
  isError: boolean;
}): boolean {
  return (quote.data !== undefined && !quote.isPlaceholderData) || quote.isError;
}
