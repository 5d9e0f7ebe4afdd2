import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers/api';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';

export type NearbyDriver = Driver & { distanceMeters: number };

/** How far the detail panel looks for drivers around a pickup. */
export const ASSIGN_RADIUS_KM = 50;

export function getNearestDrivers(
  { lat, lng, radiusKm }: { lat: number; lng: number; radiusKm: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ drivers: NearbyDriver[] }> {
  const params = new URLSearchParams({
    lat: String(lat),
    lng: String(lng),
    radiusKm: String(radiusKm),
  });
  return api<{ drivers: NearbyDriver[] }>(`/drivers/nearest?${params.toString()}`, { signal });
}

export function getNearestDriversQueryOptions(lat: number, lng: number, radiusKm: number) {
  return queryOptions({
    queryKey: [...DRIVERS_QUERY_KEY, 'nearest', lat, lng, radiusKm],
    queryFn: ({ signal }) => getNearestDrivers({ lat, lng, radiusKm }, { signal }),
  });
}

/** Drivers nearest the point first; idle without a point. */
export function useNearestDrivers(point: { lat: number; lng: number } | null) {
  return useQuery({
    ...getNearestDriversQueryOptions(point?.lat ?? 0, point?.lng ?? 0, ASSIGN_RADIUS_KM),
    enabled: point !== null,
  });
}
