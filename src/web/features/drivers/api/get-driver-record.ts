import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RosterDriver } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-roster';

/** GET /api/drivers/:id/record. */
export function getDriverRecord(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ driver: RosterDriver }>(`/drivers/${encodeURIComponent(id)}/record`, { signal });
}

export function driverRecordQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...DRIVERS_QUERY_KEY, 'record', id],
    queryFn: ({ signal }) => getDriverRecord(id, { signal }),
  });
}

export function useDriverRecord(id: string) {
  return useQuery(driverRecordQueryOptions(id));
}
