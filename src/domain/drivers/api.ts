import { z } from 'zod';
import { queryNumber } from '../api/text';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';

// The drivers API contract, shared by server and web.

export const DRIVER_STATUSES = ['active', 'offline', 'suspended'] as const;
export const DriverStatusSchema = z.enum(DRIVER_STATUSES);
export type DriverStatus = z.infer<typeof DriverStatusSchema>;

/** The dispatch status bar: on shift with no job in progress / on a job / off shift. */
export const AVAILABILITIES = ['free', 'busy', 'away'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** A position older than this is shown as stale on the map. */
export const STALE_POSITION_MS = 2 * 60 * 1000;

/**
 * On shift and not heard from for longer than this: most likely the shift was
 * never ended (the phone off since last night), so dispatch is told apart
 * from a driver whose position is merely a few minutes old.
 */
export const LOST_CONTACT_MS = 12 * 60 * 60 * 1000;

export const DriverSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The average of the ratings given; null: no ratings yet. */
  rating: z.number().nullable(),
  status: DriverStatusSchema,
  availability: z.enum(AVAILABILITIES),
  location: z
    .object({ lat: z.number(), lng: z.number(), updatedAt: z.string(), isStale: z.boolean() })
    .nullable(),
  vehicle: z
    .object({
      id: z.string(),
      type: VehicleTypeSchema,
      make: z.string(),
      model: z.string(),
      registration: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  /**
   * What keeps them from work now: their papers' and their current car's
   * problems no override covers (the assignment's check, spec section 5);
   * empty: in order. Carried by the lists dispatch assigns from (GET
   * /api/drivers, /api/drivers/nearest); one driver's answer and a live
   * event leave it out (a position report would read papers each time), and
   * the list keeps the one it read until its next refresh (assignBlock).
   */
  paperProblems: z.array(z.string()).optional(),
});
export type Driver = z.infer<typeof DriverSchema>;

/** A driver as the lists give them: their papers always read. */
export const ListedDriverSchema = DriverSchema.extend({ paperProblems: z.array(z.string()) });
export type ListedDriver = z.infer<typeof ListedDriverSchema>;

export const DriverListResponseSchema = z.object({ drivers: z.array(ListedDriverSchema) });
export const DriverResponseSchema = z.object({ driver: DriverSchema });

export const NearestDriversQuerySchema = z.object({
  lat: queryNumber(z.number().min(-90).max(90)),
  lng: queryNumber(z.number().min(-180).max(180)),
  radiusKm: queryNumber(z.number().min(0.1).max(200)).default(5),
});
export const NearestDriversResponseSchema = z.object({
  drivers: z.array(ListedDriverSchema.extend({ distanceMeters: z.number() })),
});

export const UpdateDriverInputSchema = z.object({ status: DriverStatusSchema });
export const DriverLocationInputSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres, as the phone reports it; sent when known. */
  accuracy: z.number().min(0).max(100_000).nullish(),
  /** Degrees clockwise from north; sent when known (the phone is moving). */
  heading: z.number().min(0).max(360).nullish(),
});

/**
 * The answer to a signed-in user with the driver role and no driver record:
 * what to do about it, not only what is wrong (an admin gave the role in
 * Users & Roles without adding the driver).
 */
export const NO_DRIVER_PROFILE_MESSAGE =
  'No driver record is linked to this account yet. Ask an administrator to add you in Drivers (Add Driver, then choose this account).';
