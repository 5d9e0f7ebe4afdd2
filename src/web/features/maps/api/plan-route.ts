import { useMutation } from '@tanstack/react-query';
import type { LatLng, RouteResultDto } from '../../../../domain/maps';
import { api } from '../../../lib/api-client';

export type PlanRouteInput = { origin: LatLng; destination: LatLng; stopovers: LatLng[] };

/** Driving route through the stopovers in order; distance and time summed over every leg. */
export function planRoute(
  input: PlanRouteInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RouteResultDto> {
  return api<RouteResultDto>('/routes', { method: 'POST', body: input, signal });
}

/**
 * A mutation rather than a query: a route is asked for when the visitor
 * presses Calculate Fare, not whenever an address changes.
 */
export function usePlanRoute() {
  return useMutation({ mutationFn: (input: PlanRouteInput) => planRoute(input) });
}
