import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers';
import type { Shift, StartShiftInput } from '../../../../domain/drivers/shift';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** POST /api/drivers/me/shift: a 409 says why the driver may not start. */
export function startShift(input: StartShiftInput) {
  return api<{ shift: Shift; driver: Driver }>('/drivers/me/shift', {
    method: 'POST',
    body: input,
  });
}

export function useStartShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }),
  });
}
