import { and, between, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, type BookingStatus } from '../../../domain/bookings';
import {
  driverAvailability,
  isPositionStale,
  type Driver,
  type DriverStatus,
} from '../../../domain/drivers';
import { haversineMeters } from '../../../domain/maps';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor, Transaction } from '../../db/database';
import { preparedStatements } from '../../db/prepared';
import { bookings, driverShifts, drivers, vehicles } from '../../db/schema';
import {
  deactivationRefusal,
  OFFICE_DEACTIVATION_REASON,
  OFFICE_SUSPENSION_REASON,
  RETURNED_ON_SUSPENSION,
} from '../../../domain/bookings/suspended-driver';
import { Conflict } from '../../lib/errors';
// A suspension hands the driver's jobs back through the bookings feature's own write.
import { returnJobsToDispatch } from '../bookings/return-to-dispatch';
// The one document rule (spec section 5) is read through the documents feature.
import { assertDriverCompliant } from '../documents/compliance-repository';

const inProgressList = sql.join(
  IN_PROGRESS_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

const driverColumns = {
  id: drivers.id,
  userId: drivers.userId,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  email: drivers.email,
  phone: drivers.phone,
  rating: drivers.rating,
  status: drivers.status,
  latitude: drivers.latitude,
  longitude: drivers.longitude,
  locationUpdatedAt: drivers.locationUpdatedAt,
  createdAt: drivers.createdAt,
  vehicleId: vehicles.id,
  vehicleType: vehicles.type,
  vehicleMake: vehicles.make,
  vehicleModel: vehicles.model,
  vehicleRegistration: vehicles.registration,
  // The statuses of the driver's bookings in progress: what makes them busy.
  activeBookingStatuses: sql<BookingStatus[] | null>`(
    select array_agg(distinct b.status) from bookings b
    where b.driver_id = ${drivers.id} and b.status in (${inProgressList})
  )`,
};

type DriverRow = {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  rating: string | null;
  status: string;
  latitude: number | null;
  longitude: number | null;
  locationUpdatedAt: Date | null;
  createdAt: Date;
  vehicleId: string | null;
  vehicleType: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleRegistration: string | null;
  activeBookingStatuses: BookingStatus[] | string | null;
};

/** PGlite and pg both parse text[]; a driver that returns the literal gets it parsed here. */
function parseStatusArray(value: BookingStatus[] | string | null): BookingStatus[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean) as BookingStatus[];
}

function toDriverDto(row: DriverRow, now: Date): Driver {
  const status = row.status as DriverStatus;
  const hasLocation =
    row.latitude !== null && row.longitude !== null && row.locationUpdatedAt !== null;
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    rating: row.rating === null ? null : Number(row.rating),
    status,
    availability: driverAvailability(status, parseStatusArray(row.activeBookingStatuses)),
    location: hasLocation
      ? {
          lat: row.latitude!,
          lng: row.longitude!,
          updatedAt: row.locationUpdatedAt!.toISOString(),
          isStale: isPositionStale(row.locationUpdatedAt!, now),
        }
      : null,
    vehicle: row.vehicleId
      ? {
          id: row.vehicleId,
          type: row.vehicleType as VehicleType,
          make: row.vehicleMake!,
          model: row.vehicleModel!,
          registration: row.vehicleRegistration!,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function selectDrivers(db: Executor, where: SQL | undefined, now: Date): Promise<Driver[]> {
  const rows = await db
    .select(driverColumns)
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(where)
    .orderBy(desc(drivers.createdAt), drivers.id);
  return rows.map((row) => toDriverDto(row, now));
}

/**
 * Every driver still working for the business, newest first (spec section 7),
 * with availability and position; deactivated drivers are on the roster only.
 */
export function listDrivers(db: Executor, now = new Date()): Promise<Driver[]> {
  return selectDrivers(db, isNull(drivers.deactivatedAt), now);
}

/** One driver by id or by user, prepared once per database (decision 58): a position report reads one. */
const driverBy = preparedStatements<ReturnType<typeof prepareDriverBy>>('driver_by');

function prepareDriverBy(db: Executor, column: 'id' | 'userId', name: string) {
  return db
    .select(driverColumns)
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(eq(drivers[column], sql.placeholder('value')))
    .orderBy(desc(drivers.createdAt), drivers.id)
    .limit(1)
    .prepare(name);
}

async function findDriverBy(
  db: Executor,
  column: 'id' | 'userId',
  value: string,
  now: Date,
): Promise<Driver | null> {
  const statement = driverBy(db, column, (name) => prepareDriverBy(db, column, name));
  const [row] = await statement.execute({ value });
  return row ? toDriverDto(row, now) : null;
}

export function findDriver(db: Executor, id: string, now = new Date()): Promise<Driver | null> {
  return findDriverBy(db, 'id', id, now);
}

export function findDriverByUserId(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<Driver | null> {
  return findDriverBy(db, 'userId', userId, now);
}

/**
 * Null when there is no such driver or the driver is deactivated (kept off
 * shift). Taking a driver off shift (offline, suspended) ends their open
 * shift. Suspending them (an admin, or the compliance pass with its reason)
 * hands back every job without a passenger aboard (RETURNED_ON_SUSPENSION);
 * a ride on board stays theirs to finish. Returns the jobs handed back.
 */
export async function setDriverStatus(
  tx: Transaction,
  id: string,
  status: DriverStatus,
  now = new Date(),
  /** Who set it: ends an open shift in their name (the Timeline says who); null: the system. */
  actorUserId: string | null = null,
  /** Why a suspension hands the jobs back, as dispatch and the driver read it. */
  suspensionReason = OFFICE_SUSPENSION_REASON,
): Promise<string[] | null> {
  // Spec section 5: no activation before every required document is verified.
  if (status === 'active') await assertDriverCompliant(tx, id, { now });
  const rows = await tx
    .update(drivers)
    .set({ status, updatedAt: now })
    .where(and(eq(drivers.id, id), isNull(drivers.deactivatedAt)))
    .returning({ id: drivers.id });
  if (rows.length === 0) return null;
  if (status !== 'active') await endOpenShift(tx, id, now, actorUserId);
  if (status !== 'suspended') return [];
  return returnJobsToDispatch(tx, id, suspensionReason, now, {
    actorUserId,
    statuses: RETURNED_ON_SUSPENSION,
  });
}

/** Ends the driver's open shift, if any, in the name of who ended it (null: the system). */
async function endOpenShift(tx: Executor, id: string, at: Date, actorUserId: string | null) {
  await tx
    .update(driverShifts)
    .set({ endedAt: at, endedBy: actorUserId })
    .where(and(eq(driverShifts.driverId, id), isNull(driverShifts.endedAt)));
}

/**
 * Takes a driver off the roster, the record kept: off shift, no current
 * vehicle, and every job without a passenger aboard back to dispatch,
 * flagged with the reason, as a suspension hands them back (decision 216).
 * Refused (409) while a passenger is aboard one of their rides: once they
 * cannot sign in, nobody could complete it. Returns the jobs handed back.
 */
export async function deactivateDriver(
  tx: Transaction,
  id: string,
  at: Date,
  actorUserId: string | null,
): Promise<string[]> {
  const aboard = await ridesOnBoard(tx, id);
  if (aboard.length > 0) throw new Conflict(deactivationRefusal(aboard));
  await endOpenShift(tx, id, at, actorUserId);
  await tx
    .update(drivers)
    .set({ deactivatedAt: at, status: 'offline', vehicleId: null, updatedAt: at })
    .where(eq(drivers.id, id));
  return returnJobsToDispatch(tx, id, OFFICE_DEACTIVATION_REASON, at, {
    actorUserId,
    statuses: RETURNED_ON_SUSPENSION,
  });
}

/** The references of the driver's rides with the passenger on board (a suspended driver finishes them). */
export async function ridesOnBoard(db: Executor, driverId: string): Promise<string[]> {
  const rows = await db
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(and(eq(bookings.driverId, driverId), eq(bookings.status, 'on-board')))
    .orderBy(bookings.pickupTime);
  return rows.map((row) => row.reference);
}

const METERS_PER_DEGREE_LATITUDE = 111_320;

/**
 * Active drivers with a known position within `radiusKm` of a point, nearest
 * first. SQL narrows to a bounding box; the great-circle distance decides.
 */
export async function nearestDrivers(
  db: Executor,
  query: { lat: number; lng: number; radiusKm: number },
  now = new Date(),
): Promise<(Driver & { distanceMeters: number })[]> {
  const radiusMeters = query.radiusKm * 1000;
  const latSpan = radiusMeters / METERS_PER_DEGREE_LATITUDE;
  const cosLat = Math.cos((query.lat * Math.PI) / 180);
  // Near the poles the box would span every longitude anyway.
  const lngSpan = cosLat < 0.01 ? 180 : Math.min(180, latSpan / cosLat);
  const where = and(
    eq(drivers.status, 'active'),
    isNull(drivers.deactivatedAt),
    isNotNull(drivers.latitude),
    isNotNull(drivers.longitude),
    isNotNull(drivers.locationUpdatedAt),
    between(drivers.latitude, query.lat - latSpan, query.lat + latSpan),
    lngSpan >= 180
      ? undefined
      : sql`(${drivers.longitude} between ${query.lng - lngSpan} and ${query.lng + lngSpan}
          or ${drivers.longitude} between ${query.lng - lngSpan + 360} and ${query.lng + lngSpan + 360}
          or ${drivers.longitude} between ${query.lng - lngSpan - 360} and ${query.lng + lngSpan - 360})`,
  );
  const candidates = await selectDrivers(db, where, now);
  return candidates
    .map((driver) => ({
      ...driver,
      distanceMeters: Math.round(haversineMeters(query, driver.location!)),
    }))
    .filter((driver) => driver.distanceMeters <= radiusMeters)
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.id.localeCompare(b.id));
}
