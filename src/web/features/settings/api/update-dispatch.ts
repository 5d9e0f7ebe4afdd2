import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DispatchSettings, VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

/** PUT /api/settings/dispatch; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateDispatch(value: VersionedSetting<DispatchSettings>) {
  return api<DispatchSettings>('/settings/dispatch', { method: 'PUT', body: value });
}

export function useUpdateDispatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDispatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
