import type { NotificationData } from '@mantine/notifications';
import type { AssignBookingResponse } from '../../../../domain/bookings/assignment';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import { refusedNotice } from './refused-notice';

type AssignedDriver = { firstName: string; lastName: string; userId: string | null };

/** Whether the driver can see a job in the driver app: they need an account linked to their record. */
export function hasDriverApp(driver: { userId: string | null }): boolean {
  return driver.userId !== null;
}

type AssignWarnings = Pick<AssignBookingResponse, 'capacityWarning' | 'clashWarning'>;

function warningTitle({ capacityWarning, clashWarning }: AssignWarnings): string | null {
  if (capacityWarning && clashWarning) return 'Driver assigned: read the warnings';
  if (capacityWarning) return 'Driver assigned: vehicle too small';
  if (clashWarning) return 'Driver assigned: another job too close';
  return null;
}

/**
 * What dispatch is told after assigning: green when all is well; yellow when
 * the driver has no app account (the job will not reach a phone, so dispatch
 * must call them); yellow and kept on screen when the vehicle is too small or
 * the driver has another job this one does not fit beside. Every one says
 * first who has the booking now: a warning is read after the fact.
 */
export function assignedNotice(
  driver: AssignedDriver,
  reference: string,
  warnings: AssignWarnings,
): NotificationData {
  const assigned = `${driver.firstName} ${driver.lastName} has booking ${reference}.`;
  const noApp = hasDriverApp(driver)
    ? null
    : 'They have no driver app account, so it will not reach their phone: tell them by phone.';
  const title = warningTitle(warnings);
  if (title) {
    return {
      color: 'yellow',
      title,
      message: [assigned, warnings.capacityWarning, warnings.clashWarning, noApp]
        .filter(Boolean)
        .join(' '),
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
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
