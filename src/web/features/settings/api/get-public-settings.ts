import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_BUSINESS, type PublicSettings } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

/** The server's default (config TILE_URL); used until the settings arrive or if they fail. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function getPublicSettings({ signal }: { signal?: AbortSignal } = {}) {
  return api<PublicSettings>('/public-settings', { signal });
}

export function getPublicSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['public-settings'],
    queryFn: ({ signal }) => getPublicSettings({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** Business name and phone, the Book Now target, time zone and map tiles. */
export function usePublicSettings() {
  return useQuery(getPublicSettingsQueryOptions());
}

/** Where Book Now goes; our own /book page until the settings say otherwise. */
export function useBookNowUrl(): string {
  return usePublicSettings().data?.business.bookNowUrl ?? DEFAULT_BUSINESS.bookNowUrl;
}
