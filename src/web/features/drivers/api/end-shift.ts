import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers';
import type { Shift } from '../../../../domain/drivers/shift';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** POST /api/drivers/me/shift/end. */
export function endShift() {
  return api<{ shift: Shift | null; driver: Driver }>('/drivers/me/shift/end', {
    method: 'POST',
    body: {},
  });
}

export function useEndShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }),
  });
}
