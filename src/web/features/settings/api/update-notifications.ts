import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

/** PUT /api/settings/notifications; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateNotifications(value: VersionedSetting<NotificationSettings>) {
  return api<NotificationSettings>('/settings/notifications', { method: 'PUT', body: value });
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['public-settings'] });
    },
  });
}
