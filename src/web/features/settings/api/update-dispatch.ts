import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DispatchSettings } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateDispatch(value: DispatchSettings) {
  return api<DispatchSettings>('/settings/dispatch', { method: 'PUT', body: value });
}

export function useUpdateDispatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDispatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
