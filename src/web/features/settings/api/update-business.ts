import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings, VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

/** PUT /api/settings/business; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateBusiness(value: VersionedSetting<BusinessSettings>) {
  return api<BusinessSettings>('/settings/business', { method: 'PUT', body: value });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusiness,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['public-settings'] });
    },
  });
}
