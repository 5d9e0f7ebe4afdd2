import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTable } from '../../../../domain/access';
import type { VersionedSetting } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

/** PUT /api/settings/access-table; with expectedUpdatedAt, refused (409) when saved by someone since. */
export function updateAccessTable(table: VersionedSetting<AccessTable>): Promise<AccessTable> {
  return api<AccessTable>('/settings/access-table', { method: 'PUT', body: table });
}

export function useUpdateAccessTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccessTable,
    // The client guards read the table from the public settings.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['public-settings'] }),
      ]),
  });
}
