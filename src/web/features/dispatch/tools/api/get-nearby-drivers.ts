import { useQuery } from '@tanstack/react-query';
import { getNearestDriversQueryOptions } from '../../api/get-nearest-drivers';

/** Nearest Drivers looks this far around the selected booking's pickup. */
export const NEARBY_RADIUS_KM = 5;

/** Live drivers within 5 km of the point, nearest first; idle without a point. */
export function useNearbyDrivers(point: { lat: number; lng: number } | null) {
  return useQuery({
    ...getNearestDriversQueryOptions(point?.lat ?? 0, point?.lng ?? 0, NEARBY_RADIUS_KM),
    enabled: point !== null,
    select: (data) => [...data.drivers].sort((a, b) => a.distanceMeters - b.distanceMeters),
  });
}
