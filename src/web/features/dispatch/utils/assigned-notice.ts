import type { NotificationData } from '@mantine/notifications';
import { refusedNotice } from './refused-notice';

type AssignedDriver = { firstName: string; lastName: string; userId: string | null };

/** Whether the driver can see a job in the driver app: they need an account linked to their record. */
export function hasDriverApp(driver: { userId: string | null }): boolean {
  return driver.userId !== null;
}

/**
 * What dispatch is told after assigning: green when all is well; yellow when
 * the driver has no app account (the job will not reach a phone, so dispatch
 * must call them); yellow and kept on screen when the vehicle is too small.
 */
export function assignedNotice(
  driver: AssignedDriver,
  reference: string,
  capacityWarning: string | null,
): NotificationData {
  const assigned = `${driver.firstName} ${driver.lastName} has booking ${reference}.`;
  const noApp = hasDriverApp(driver)
    ? null
    : 'They have no driver app account, so it will not reach their phone: tell them by phone.';
  if (capacityWarning) {
    return {
      color: 'yellow',
      title: 'Driver assigned: vehicle too small',
      message: [capacityWarning, noApp].filter(Boolean).join(' '),
      autoClose: false,
    };
  }
  if (noApp) {
    return {
      color: 'yellow',
      title: 'Driver assigned: no driver app',
      message: `${assigned} ${noApp}`,
    };
  }
  return { color: 'green', title: 'Driver assigned', message: assigned };
}

/** What dispatch is told when an assignment is refused (a conflict stays until closed). */
export function assignRefusedNotice(error: unknown): NotificationData {
  return refusedNotice('Could not assign the driver', error);
}
