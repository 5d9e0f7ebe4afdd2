import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { usePublicSettings } from '../../settings/api/get-public-settings';

/** The business's time zone, for showing dates on its calendar (Perth by default). */
export function useBusinessTimeZone(): string {
  return usePublicSettings().data?.timeZone ?? DEFAULT_TIME_ZONE;
}
