import { useQuery } from '@tanstack/react-query';
import type { BookingFormValues } from '../utils/booking-form-state';
import { useQuote } from '../../fares/api/get-quote';
import { planRoute, type PlanRouteInput } from '../../maps/api/plan-route';
import { dropoffPoint, pickupPoint, pointAt } from '../../../../domain/maps/coordinates';

/** The route through the form's places, when pickup and destination have coordinates. */
export function routeInputFor(values: BookingFormValues): PlanRouteInput | null {
  const origin = pickupPoint(values);
  const destination = dropoffPoint(values);
  if (!origin || !destination) return null;
  const stopovers = values.isShuttle
    ? values.stops.flatMap((stop) => {
        const at = pointAt(stop.lat, stop.lng);
        return at ? [at] : [];
      })
    : [];
  return { origin, destination, stopovers };
}

/**
 * Distance, duration and the fare for the form's route, asked for as soon as
 * the addresses are chosen from the suggestions (POST /api/routes, then
 * POST /api/quotes with the vehicle).
 */
export function useBookingRoute(values: BookingFormValues) {
  const input = routeInputFor(values);
  const route = useQuery({
    queryKey: ['routes', input],
    queryFn: ({ signal }) => planRoute(input as PlanRouteInput, { signal }),
    enabled: input !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const routeData = input ? (route.data ?? null) : null;
  const quote = useQuote(
    routeData
      ? {
          distanceMeters: routeData.distanceMeters,
          durationSeconds: routeData.durationSeconds,
          vehicleType: values.vehicleType,
          // Priced as the server prices it: any child seat adds the fee.
          childSeats: values.childSeats > 0,
        }
      : null,
  );
  return {
    route: routeData,
    quote: quote.data ?? null,
    isLoading: input !== null && (route.isFetching || quote.isFetching),
    error: input !== null ? (route.error ?? quote.error ?? null) : null,
  };
}
