import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

export type Settings = SettingsResponse;

export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** Every setting an admin edits (GET /api/settings). */
export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<Settings> {
  return api<Settings>('/settings', { signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getSettings({ signal }),
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
