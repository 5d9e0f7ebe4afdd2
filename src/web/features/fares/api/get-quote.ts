import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteResponse } from '../../../../domain/fares';
import { DEFAULT_VEHICLE_TYPE, type VehicleType } from '../../../../domain/vehicles';
import { api } from '../../../lib/api-client';

export type QuoteRequest = {
  distanceMeters: number;
  durationSeconds: number;
  vehicleType: VehicleType;
  childSeats: boolean;
};

/**
 * Prices a route with the server's tariff table, which an admin may change:
 * the fare shown always comes from here, never from the domain defaults.
 */
export function getQuote(
  input: QuoteRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuoteResponse> {
  return api<QuoteResponse>('/quotes', { method: 'POST', body: input, signal });
}

export function getQuoteQueryOptions(input: QuoteRequest) {
  const { distanceMeters, durationSeconds, vehicleType, childSeats } = input;
  return queryOptions({
    queryKey: ['quote', distanceMeters, durationSeconds, vehicleType, childSeats],
    queryFn: ({ signal }) =>
      getQuote({ distanceMeters, durationSeconds, vehicleType, childSeats }, { signal }),
  });
}

const NO_ROUTE: QuoteRequest = {
  distanceMeters: 0,
  durationSeconds: 0,
  vehicleType: DEFAULT_VEHICLE_TYPE,
  childSeats: false,
};

/**
 * The quote for a route, refetched whenever distance, duration, vehicle or
 * child seats change. Idle (and no data) while there is no route.
 */
export function useQuote(input: QuoteRequest | null) {
  const query = useQuery({
    ...getQuoteQueryOptions(input ?? NO_ROUTE),
    enabled: input !== null,
    // The previous fare stays on screen while a changed option is re-priced.
    placeholderData: keepPreviousData,
  });
  // keepPreviousData would otherwise keep showing the last fare after the route is gone.
  return { ...query, data: input === null ? undefined : query.data };
}
