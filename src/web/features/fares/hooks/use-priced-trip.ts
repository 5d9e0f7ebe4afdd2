import type { PlannedRoute } from '../../maps/types';
import { useQuote } from '../api/get-quote';
import type { TripOptions } from '../utils/trip-options';
import type { TripLink } from '../utils/trip-params';

/**
 * The server's quote for a planned route with the chosen options, and the
 * trip that Book Now carries to /book: what the calculator and the widget
 * both show once a route is planned.
 */
export function usePricedTrip(route: PlannedRoute | null, options: TripOptions) {
  const quote = useQuote(
    route && {
      distanceMeters: route.distanceMeters,
      durationSeconds: route.durationSeconds,
      vehicleType: options.vehicleType,
      childSeats: options.childSeats,
    },
  );
  const trip: TripLink | null = route && {
    pickup: route.pickup,
    dropoff: route.dropoff,
    stops: route.stops,
    options,
    route: { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds },
  };
  return { quote, trip };
}

/** The quote shown is the route's own (not a previous one kept on screen), or pricing failed. */
export function isQuoteSettled(quote: {
  data: unknown;
  isPlaceholderData: boolean;
  isError: boolean;
}): boolean {
  return (quote.data !== undefined && !quote.isPlaceholderData) || quote.isError;
}
