import { z } from 'zod';

/** Who hears about what: the Notifications section of Settings. */
export const NotificationSettingsSchema = z.object({
  newOnlineBooking: z.boolean(),
  documentExpiring: z.boolean(),
  driverSuspended: z.boolean(),
  recipients: z.array(z.email()).max(20),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  newOnlineBooking: true,
  documentExpiring: true,
  driverSuspended: true,
  recipients: [],
};
