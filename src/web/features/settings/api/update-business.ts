import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateBusiness(value: BusinessSettings) {
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
