import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { usePublicSettings } from '../api/get-public-settings';

/** The business's time zone (Settings > Time zone; Perth until it loads): every date and time on screen is in it. */
export function useBusinessTimeZone(): string {
  return usePublicSettings().data?.timeZone ?? DEFAULT_TIME_ZONE;
}
