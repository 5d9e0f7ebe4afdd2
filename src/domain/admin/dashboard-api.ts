import { z } from 'zod';
import { DRIVER_DOCUMENTS_ANCHOR, VEHICLE_DOCUMENTS_PARAM } from '../documents/api';
import { DriverStatusSchema } from '../drivers/api';
import { DriverVehiclesSchema } from '../drivers/roster';

// The admin dashboard API contract, shared by server and web.

/** A live figure and the same figure at this time yesterday. */
export const StatSchema = z.object({ value: z.number(), yesterday: z.number() });
export type Stat = z.infer<typeof StatSchema>;

export const ALERT_KINDS = [
  'unassigned-soon',
  'overdue-pending',
  'driver-suspended',
  'document-unverified',
  'stale-position',
  'awaiting-role',
  'document-expiring',
  'document-undated',
  'business-document-expiring',
  'mail-unsent',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** One of the things a grouped alert stands for, as its own alert would read. */
export const AlertItemSchema = z.object({
  message: z.string(),
  href: z.string(),
  driverId: z.string().optional(),
});
export type AlertItem = z.infer<typeof AlertItemSchema>;

export const DashboardAlertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  /**
   * Where the alert is dealt with, a path of the web app for the viewer who
   * asked: a booking in Dispatch when their role may act on bookings, else on
   * the dashboard itself (`/admin?booking=`); a driver's profile, or their
   * documents (`#documents`) for a document or a suspension for documents;
   * a vehicle's documents on the Vehicles page (`?documents=`); Users & Roles.
   */
  href: z.string().optional(),
  /** What the alert is about, by id: the booking, the driver, the vehicle. */
  bookingId: z.string().optional(),
  driverId: z.string().optional(),
  vehicleId: z.string().optional(),
  /**
   * A grouped alert's things, each leading where it is dealt with (at most
   * ALERTS_PER_KIND): drivers on shift with no recent position are one
   * alert, not one each.
   */
  items: z.array(AlertItemSchema).optional(),
});
export type DashboardAlert = z.infer<typeof DashboardAlertSchema>;

/** The query parameter of /admin that opens a booking on the dashboard. */
export const DASHBOARD_BOOKING_PARAM = 'booking';

/**
 * The places an alert leads to: web paths, written once here for the server
 * that puts them in the alerts and the web that serves them.
 */
export const ALERT_TARGETS = {
  /** The dispatch board: its map lists the drivers on shift whose position is unknown. */
  dispatchBoard: '/dispatch',
  /** Dispatch with the booking selected: where bookings are acted on. */
  bookingInDispatch: (id: string) => `/dispatch?booking=${encodeURIComponent(id)}`,
  /** The booking read on the dashboard, for a viewer whose role does not open Dispatch. */
  bookingOnDashboard: (id: string) => `/admin?${DASHBOARD_BOOKING_PARAM}=${encodeURIComponent(id)}`,
  driverProfile: (id: string) => `/admin/drivers/${encodeURIComponent(id)}`,
  driverDocuments: (id: string) =>
    `/admin/drivers/${encodeURIComponent(id)}#${DRIVER_DOCUMENTS_ANCHOR}`,
  /** The Vehicles page with the vehicle's Documents dialog open. */
  vehicleDocuments: (id: string) =>
    `/admin/vehicles?${VEHICLE_DOCUMENTS_PARAM}=${encodeURIComponent(id)}`,
  usersAndRoles: '/settings/users',
  /** Admin → Mail: the outbox, with the mails held or failed. */
  mail: '/admin/mail',
  /** The Document Manager: the business's own documents, their expiry notifications and Renew. */
  documentManager: '/admin/documents',
} as const;

export const AdminDashboardResponseSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  activeDrivers: StatSchema,
  todaysBookings: StatSchema,
  /** Whole cents. */
  revenueCents: StatSchema,
  /**
   * Every alert; `alerts` lists at most ALERTS_PER_KIND of each kind. A
   * grouped alert (the stale positions) counts once.
   */
  alertCount: z.number().int(),
  alerts: z.array(DashboardAlertSchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardResponseSchema>;

export const ALERTS_PER_KIND = 20;

export const DriverSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: DriverStatusSchema,
});
export const DriverSummaryListResponseSchema = z.object({
  drivers: z.array(DriverSummarySchema),
});
export type DriverSummary = z.infer<typeof DriverSummarySchema>;

/** A share between 0 and 1, or null when there is nothing to measure yet. */
const rate = z.number().min(0).max(1).nullable();

export const DriverProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: DriverStatusSchema,
  /** Null: no ratings yet. */
  rating: z.number().nullable(),
  totalTrips: z.number().int(),
  joinDate: z.string(),
  preferredArea: z.string().nullable(),
  /** Which car they drive, as the roster reads it; rosterVehicleText words it. */
  ...DriverVehiclesSchema.shape,
  earningsCents: z.object({ today: z.number(), week: z.number(), month: z.number() }),
  metrics: z.object({
    acceptanceRate: rate,
    completionRate: rate,
    onTimeRate: rate,
    /** The driver's rating, out of 5. */
    customerSatisfaction: z.number().nullable(),
  }),
  recentTrips: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      pickupTime: z.string(),
      pickupLocation: z.string(),
      dropoffLocation: z.string(),
      passengerName: z.string(),
      fareCents: z.number(),
    }),
  ),
});
export type DriverProfile = z.infer<typeof DriverProfileSchema>;
export const DriverProfileResponseSchema = z.object({ driver: DriverProfileSchema });
