import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { businessPeriods } from '../../../domain/admin/business-day';
import { dayInZone } from '../../../domain/bookings/wall-time';
import {
  periodWindows,
  type DriverHistoryResponse,
  type TimeWindow,
} from '../../../domain/drivers/history';
import { FINISHED_STATUSES, type BookingStatus } from '../../../domain/bookings';
import {
  shiftRefusal,
  type NextBooking,
  type Shift,
  type ShiftVehicle,
  type ShiftVehicleChoice,
  type StartShiftInput,
} from '../../../domain/drivers/shift';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor, Transaction } from '../../db/database';
import {
  bookings,
  driverLeaves,
  driverShifts,
  driverVehicles,
  drivers,
  vehicles,
} from '../../db/schema';
import { driverTakings } from '../../lib/driver-earnings';
import { Conflict } from '../../lib/errors';
// The one document rule (spec section 5) is read through the documents feature.
import { assertDriverCompliant, vehiclePaperProblems } from '../documents/compliance-repository';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

const vehicleColumns = {
  id: vehicles.id,
  type: vehicles.type,
  make: vehicles.make,
  model: vehicles.model,
  registration: vehicles.registration,
};

type VehicleRow = { id: string; type: string; make: string; model: string; registration: string };

function toVehicle(row: VehicleRow): ShiftVehicle {
  return { ...row, type: row.type as VehicleType };
}

type ShiftRow = {
  id: string;
  startedAt: Date;
  endedAt: Date | null;
  odometer: number | null;
  vehicleId: string | null;
  type: string | null;
  make: string | null;
  model: string | null;
  registration: string | null;
};

function toShift(row: ShiftRow): Shift {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    odometer: row.odometer,
    vehicle: row.vehicleId
      ? toVehicle({
          id: row.vehicleId,
          type: row.type!,
          make: row.make!,
          model: row.model!,
          registration: row.registration!,
        })
      : null,
  };
}

function selectShifts(db: Executor) {
  return db
    .select({
      id: driverShifts.id,
      startedAt: driverShifts.startedAt,
      endedAt: driverShifts.endedAt,
      odometer: driverShifts.odometer,
      vehicleId: vehicles.id,
      type: vehicles.type,
      make: vehicles.make,
      model: vehicles.model,
      registration: vehicles.registration,
    })
    .from(driverShifts)
    .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId));
}

export async function findShift(db: Executor, shiftId: string): Promise<Shift | null> {
  const [row] = await selectShifts(db).where(eq(driverShifts.id, shiftId));
  return row ? toShift(row) : null;
}

/** The driver's open shift, or null when they are off shift. */
export async function openShift(db: Executor, driverId: string): Promise<Shift | null> {
  const [row] = await selectShifts(db).where(
    and(eq(driverShifts.driverId, driverId), isNull(driverShifts.endedAt)),
  );
  return row ? toShift(row) : null;
}

/** The driver on shift in each of these vehicles, by name, other than `exceptDriverId`. */
async function driversOnShiftIn(
  db: Executor,
  vehicleIds: string[],
  exceptDriverId: string,
): Promise<Map<string, string>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .select({
      vehicleId: driverShifts.vehicleId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
    })
    .from(driverShifts)
    .innerJoin(drivers, eq(drivers.id, driverShifts.driverId))
    .where(
      and(
        inArray(driverShifts.vehicleId, vehicleIds),
        isNull(driverShifts.endedAt),
        ne(driverShifts.driverId, exceptDriverId),
      ),
    );
  return new Map(rows.map((row) => [row.vehicleId!, `${row.firstName} ${row.lastName}`]));
}

/**
 * The active vehicles the driver may drive (every one, or those listed for
 * them), each with who else is on shift in it and what its papers lack for
 * this driver.
 */
export async function vehiclesForDriver(
  db: Executor,
  driverId: string,
  now = new Date(),
): Promise<ShiftVehicleChoice[]> {
  const [driver] = await db
    .select({ drivesAnyVehicle: drivers.drivesAnyVehicle })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  if (!driver) return [];
  const rows = driver.drivesAnyVehicle
    ? await db
        .select(vehicleColumns)
        .from(vehicles)
        .where(eq(vehicles.status, 'active'))
        .orderBy(asc(vehicles.registration))
    : await db
        .select(vehicleColumns)
        .from(driverVehicles)
        .innerJoin(vehicles, eq(vehicles.id, driverVehicles.vehicleId))
        .where(and(eq(driverVehicles.driverId, driverId), eq(vehicles.status, 'active')))
        .orderBy(asc(vehicles.registration));
  // Who else is on shift in each, and whose papers keep it off the road, so
  // the sheet can say so before the pick is refused.
  const ids = rows.map((row) => row.id);
  const [inUse, papers] = await Promise.all([
    driversOnShiftIn(db, ids, driverId),
    vehiclePaperProblems(db, ids, now, driverId),
  ]);
  return rows.map((row) => ({
    ...toVehicle(row),
    inUseBy: inUse.get(row.id) ?? null,
    paperProblems: papers.get(row.id) ?? [],
  }));
}

/**
 * The vehicle of the driver's last shift (a driver may read that car's
 * papers). Not the one a new shift starts in: see shiftStartVehicleId.
 */
export async function lastVehicleId(db: Executor, driverId: string): Promise<string | null> {
  const [last] = await db
    .select({ vehicleId: driverShifts.vehicleId })
    .from(driverShifts)
    .where(and(eq(driverShifts.driverId, driverId), sql`${driverShifts.vehicleId} is not null`))
    .orderBy(desc(driverShifts.startedAt))
    .limit(1);
  return last?.vehicleId ?? null;
}

/**
 * The vehicle a shift starts in when the driver names none, and the one the
 * driver app offers first: whichever was set last, the admin's Current
 * Vehicle or the last shift's. Both write the record (drivers.vehicle_id:
 * startShift at each start, the admin's edit when saved), so the record is
 * that answer: an admin's choice made since the last shift began wins, an
 * older one was replaced by that shift's car. Null when the admin cleared it
 * or the car was retired since: the driver picks one.
 */
export async function shiftStartVehicleId(db: Executor, driverId: string): Promise<string | null> {
  const [driver] = await db
    .select({ vehicleId: drivers.vehicleId })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return driver?.vehicleId ?? null;
}

/**
 * Starts the driver's shift: checks they may work and may drive the vehicle
 * (shiftStartVehicleId when none is named), opens the shift, and puts them on
 * shift (status active, the vehicle on their profile). Starting while on
 * shift answers the open shift unchanged.
 */
export async function startShift(
  tx: Transaction,
  driverId: string,
  input: StartShiftInput,
  now: Date,
  timeZone: string,
): Promise<Shift> {
  const [driver] = await tx
    .select({
      status: drivers.status,
      deactivatedAt: drivers.deactivatedAt,
      drivesAnyVehicle: drivers.drivesAnyVehicle,
    })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('update');
  if (!driver) throw new Conflict(NO_DRIVER_PROFILE_MESSAGE);
  const open = await openShift(tx, driverId);
  if (open) return open;
  // Suspended for expired papers: the refusal names them, not only "suspended".
  if (driver.status === 'suspended') await assertDriverCompliant(tx, driverId, { now, who: 'you' });

  const today = dayInZone(now, timeZone);
  const [leave] = await tx
    .select({ id: driverLeaves.id })
    .from(driverLeaves)
    .where(
      and(
        eq(driverLeaves.driverId, driverId),
        lte(driverLeaves.startsOn, today),
        gte(driverLeaves.endsOn, today),
      ),
    )
    .limit(1);
  const vehicleId = input.vehicleId ?? (await shiftStartVehicleId(tx, driverId));
  // Locked: two drivers starting in the same vehicle at once are taken one after the other.
  const [vehicle] = vehicleId
    ? await tx
        .select({ registration: vehicles.registration, status: vehicles.status })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
        .for('update')
    : [];
  const inUse = vehicleId ? await driversOnShiftIn(tx, [vehicleId], driverId) : new Map();
  let mayDrive = driver.drivesAnyVehicle;
  if (vehicle && !mayDrive) {
    const [listed] = await tx
      .select({ vehicleId: driverVehicles.vehicleId })
      .from(driverVehicles)
      .where(and(eq(driverVehicles.driverId, driverId), eq(driverVehicles.vehicleId, vehicleId!)));
    mayDrive = Boolean(listed);
  }
  const refusal = shiftRefusal({
    driver: {
      status: driver.status,
      deactivated: driver.deactivatedAt !== null,
      onLeave: Boolean(leave),
    },
    vehicle: vehicle ? { ...vehicle, mayDrive, inUseBy: inUse.get(vehicleId!) ?? null } : null,
  });
  if (refusal) throw new Conflict(refusal);
  // Spec section 5: every required document of the driver and this vehicle in order.
  await assertDriverCompliant(tx, driverId, { vehicleId, now, who: 'you' });

  const [shift] = await tx
    .insert(driverShifts)
    .values({ driverId, vehicleId, startedAt: now, odometer: input.odometer ?? null })
    .returning({ id: driverShifts.id });
  await tx
    .update(drivers)
    .set({ status: 'active', vehicleId, updatedAt: now })
    .where(eq(drivers.id, driverId));
  return (await findShift(tx, shift!.id))!;
}

/**
 * Ends the driver's open shift and takes them off shift; null when none was
 * open. `endedBy`: the user who ended it (the Timeline says who).
 */
export async function endShift(
  tx: Transaction,
  driverId: string,
  now: Date,
  endedBy: string | null = null,
): Promise<Shift | null> {
  const [ended] = await tx
    .update(driverShifts)
    .set({ endedAt: now, endedBy })
    .where(and(eq(driverShifts.driverId, driverId), isNull(driverShifts.endedAt)))
    .returning({ id: driverShifts.id });
  await tx
    .update(drivers)
    .set({ status: 'offline', updatedAt: now })
    .where(and(eq(drivers.id, driverId), eq(drivers.status, 'active')));
  return ended ? findShift(tx, ended.id) : null;
}

/** Today's trips and earnings in dollars (driverTakings, the one rule). */
export async function todaysTakings(
  db: Executor,
  driverId: string,
  now: Date,
  timeZone: string,
): Promise<{ earnings: number; trips: number }> {
  const { today } = periodWindows(businessPeriods(now, timeZone));
  const { day } = await driverTakings(db, driverId, { day: today });
  return { earnings: day.earningsCents / 100, trips: day.trips };
}

/** The driver's next job not yet started: assigned, earliest pickup first. */
export async function nextBooking(db: Executor, driverId: string): Promise<NextBooking | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      pickupTime: bookings.pickupTime,
      pickupLocation: bookings.pickupLocation,
      dropoffLocation: bookings.dropoffLocation,
      passengerName: bookings.passengerName,
      fareAmount: bookings.fareAmount,
    })
    .from(bookings)
    .where(and(eq(bookings.driverId, driverId), eq(bookings.status, 'assigned')))
    .orderBy(asc(bookings.pickupTime), asc(bookings.id))
    .limit(1);
  if (!row) return null;
  return { ...row, pickupTime: row.pickupTime.toISOString(), fareAmount: Number(row.fareAmount) };
}

/**
 * The driver's jobs waiting for them (assigned): they show the car of the
 * driver's open shift (the bookings read model), so a shift's start or end
 * changes them on the board.
 */
export async function waitingJobIds(db: Executor, driverId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.driverId, driverId), eq(bookings.status, 'assigned')));
  return rows.map((row) => row.id);
}

/** Most jobs a history answer lists; the totals count every job in the window. */
export const MAX_HISTORY_JOBS = 1000;

/** The driver's finished jobs picked up in [from, until) (historyWindow), newest first, with totals. */
export async function driverHistory(
  db: Executor,
  driverId: string,
  window: TimeWindow,
): Promise<DriverHistoryResponse> {
  const listed = db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      pickupTime: bookings.pickupTime,
      pickupLocation: bookings.pickupLocation,
      dropoffLocation: bookings.dropoffLocation,
      passengerName: bookings.passengerName,
      fareAmount: bookings.fareAmount,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        inArray(bookings.status, [...FINISHED_STATUSES]),
        gte(bookings.pickupTime, window.from),
        lt(bookings.pickupTime, window.until),
      ),
    )
    .orderBy(desc(bookings.pickupTime), desc(bookings.id))
    .limit(MAX_HISTORY_JOBS);
  const [rows, { period }] = await Promise.all([
    listed,
    driverTakings(db, driverId, { period: window }),
  ]);
  const jobs = rows.map((row) => ({
    ...row,
    pickupTime: row.pickupTime.toISOString(),
    fareAmount: Number(row.fareAmount),
    status: row.status as BookingStatus,
  }));
  return {
    jobs,
    totals: { trips: period.trips, earnings: period.earningsCents / 100, noShows: period.noShows },
  };
}
