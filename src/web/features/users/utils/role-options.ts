import { notifications } from '@mantine/notifications';
import { ROLE_LABELS, ROLES } from '../../../../domain/access';
import { errorMessage } from '../../../lib/api-client';

export const NO_ROLE = 'none';
export const ROLE_OPTIONS = [
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  { value: NO_ROLE, label: 'No role' },
];

/** A red notification with the failure's message. */
export function showError(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}
