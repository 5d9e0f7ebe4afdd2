import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FleetVehicle, VehicleListQuery } from '../../../../domain/vehicles';
import { api } from '../../../lib/api-client';

/** Every vehicle query starts with this key: edits reload lists and pickers. */
export const VEHICLES_QUERY_KEY = ['vehicles'] as const;

export function vehicleSearchParams(query: VehicleListQuery): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.status) search.set('status', query.status);
  if (query.type) search.set('type', query.type);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/vehicles: the fleet by plate, searched and filtered. */
export function getVehicles(query: VehicleListQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ vehicles: FleetVehicle[] }>(`/vehicles${vehicleSearchParams(query)}`, { signal });
}

/** GET /api/vehicles/:id: one vehicle as it is now. */
export function getVehicle(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ vehicle: FleetVehicle }>(`/vehicles/${encodeURIComponent(id)}`, { signal });
}

export function getVehicleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => getVehicle(id, { signal }),
  });
}

export function getVehiclesQueryOptions(query: VehicleListQuery) {
  return queryOptions({
    queryKey: [...VEHICLES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getVehicles(query, { signal }),
  });
}

export function useVehicles(query: VehicleListQuery) {
  return useQuery(getVehiclesQueryOptions(query));
}
