import type { NotificationData } from '@mantine/notifications';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';

/**
 * What dispatch is told when a save or an assignment is refused. A conflict
 * (the booking was changed or assigned by someone else meanwhile, or the
 * driver cannot take it) stays until closed: it asks the dispatcher to look
 * again, and a notice gone in seconds could be missed; it gives way to the
 * answers to what the dispatcher does next, and comes back after them.
 */
export function refusedNotice(title: string, error: unknown): NotificationData {
  return {
    color: 'red',
    title,
    message: errorMessage(error),
    ...(isApiError(error) && error.status === 409
      ? { autoClose: false, priority: BACKGROUND_NOTICE_PRIORITY }
      : {}),
  };
}
