import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AUSTRALIAN_TIME_ZONES, VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export type AustralianTimeZone = (typeof AUSTRALIAN_TIME_ZONES)[number];

/** PUT /api/settings/time-zone; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateTimeZone(
  input: VersionedSetting<{ timeZone: AustralianTimeZone }>,
): Promise<{ timeZone: string }> {
  return api('/settings/time-zone', { method: 'PUT', body: input });
}

/** Saves the business time zone; the public pages read it too. */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['public-settings'] });
    },
  });
}
