import type { NotificationData } from '@mantine/notifications';
import { errorMessage, isApiError } from '../../../lib/api-client';

/**
 * What dispatch is told when a save or an assignment is refused. A conflict
 * (the booking was changed or assigned by someone else meanwhile, or the
 * driver cannot take it) stays until closed: it asks the dispatcher to look
 * again, and a notice gone in seconds could be missed.
 */
export function refusedNotice(title: string, error: unknown): NotificationData {
  return {
    color: 'red',
    title,
    message: errorMessage(error),
    ...(isApiError(error) && error.status === 409 ? { autoClose: false } : {}),
  };
}
