import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedDriverResponse,
  DriverCreateInput,
  DriverRecordUpdate,
  RosterDriver,
} from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-roster';

type DriverResponse = { driver: RosterDriver };

/** POST /api/drivers: the record and an invited account with the driver role. */
export function createDriver(input: DriverCreateInput) {
  return api<CreatedDriverResponse>('/drivers', { method: 'POST', body: input });
}

/** PATCH /api/drivers/:id/record. */
export function updateDriverRecord(id: string, update: DriverRecordUpdate) {
  return api<DriverResponse>(`/drivers/${encodeURIComponent(id)}/record`, {
    method: 'PATCH',
    body: update,
  });
}

/** POST /api/drivers/:id/deactivate or /reactivate. */
export function setDriverActive(id: string, isActive: boolean) {
  const action = isActive ? 'reactivate' : 'deactivate';
  return api<DriverResponse>(`/drivers/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

function useDriverMutation<T, R extends DriverResponse>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'drivers'] }),
        queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
      ]),
  });
}

export const useCreateDriver = () => useDriverMutation(createDriver);
export const useUpdateDriverRecord = () =>
  useDriverMutation(({ id, update }: { id: string; update: DriverRecordUpdate }) =>
    updateDriverRecord(id, update),
  );
export const useSetDriverActive = () =>
  useDriverMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    setDriverActive(id, isActive),
  );
