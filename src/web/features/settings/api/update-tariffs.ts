import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TariffTable } from '../../../../domain/fares';
import type { VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

/** PUT /api/settings/tariffs; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateTariffs(value: VersionedSetting<TariffTable>) {
  return api<TariffTable>('/settings/tariffs', { method: 'PUT', body: value });
}

export function useUpdateTariffs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTariffs,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['public-settings'] });
    },
  });
}
