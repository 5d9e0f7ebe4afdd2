import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { dayInZone } from '../../../domain/bookings/wall-time';
import {
  assessCompliance,
  blockingProblems,
  complianceRefusal,
  DEFAULT_DOCUMENT_REQUIREMENTS,
  DocumentRequirementsSchema,
  type Compliance,
  type ComplianceOverride,
  type DocumentRequirements,
  type HeldDocument,
  vehicleBlockingProblems,
  withSpecLabels,
} from '../../../domain/documents';
import { DEFAULT_TIME_ZONE, TimeZoneSchema } from '../../../domain/settings';
import type { Executor } from '../../db/database';
import {
  complianceOverrides,
  complianceSuspensions,
  drivers,
  fleetDocuments,
  settings,
  vehicles,
} from '../../db/schema';
import { Conflict } from '../../lib/errors';

/** The settings key of the required document types (an admin extends them). */
export const REQUIREMENTS_SETTING = 'document_requirements';

export type ComplianceContext = { requirements: DocumentRequirements; today: string; now: Date };

/**
 * What the rule needs from settings: the required types and today's date in
 * the business's zone. Read straight from the settings table so that any
 * repository (assignment, shift, activation) can ask without the cache.
 */
export async function complianceContext(
  db: Executor,
  now = new Date(),
): Promise<ComplianceContext> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [REQUIREMENTS_SETTING, 'time_zone']));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const requirements = DocumentRequirementsSchema.safeParse(value(REQUIREMENTS_SETTING));
  const timeZone = TimeZoneSchema.safeParse(value('time_zone'));
  return {
    requirements: requirements.success
      ? withSpecLabels(requirements.data)
      : DEFAULT_DOCUMENT_REQUIREMENTS,
    today: dayInZone(now, timeZone.success ? timeZone.data : DEFAULT_TIME_ZONE),
    now,
  };
}

/** The current (not replaced) documents of drivers or vehicles, by owner, rejected ones marked. */
export async function heldDocuments(
  db: Executor,
  owner: 'driver' | 'vehicle',
  ids: string[],
): Promise<Map<string, HeldDocument[]>> {
  const held = new Map<string, HeldDocument[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return held;
  const column = owner === 'driver' ? fleetDocuments.driverId : fleetDocuments.vehicleId;
  const fields = {
    ownerId: column,
    type: fleetDocuments.type,
    expiresOn: fleetDocuments.expiresOn,
    verifiedAt: fleetDocuments.verifiedAt,
    rejectedAt: fleetDocuments.rejectedAt,
  };
  const rows = await db
    .select(fields)
    .from(fleetDocuments)
    .where(and(inArray(column, ids), isNull(fleetDocuments.replacedAt)));
  // A renewal awaiting verification: the record it replaced (the newest
  // replaced one of its type) stands in while it is verified (decision 182).
  const isAwaiting = (row: (typeof rows)[number]) =>
    row.verifiedAt === null && row.rejectedAt === null;
  const awaitingOwners = [...new Set(rows.filter(isAwaiting).map((row) => row.ownerId!))];
  const replaced = new Map<string, string | null>();
  if (awaitingOwners.length > 0) {
    const newest = await db
      .selectDistinctOn([column, fleetDocuments.type], fields)
      .from(fleetDocuments)
      .where(and(inArray(column, awaitingOwners), isNotNull(fleetDocuments.replacedAt)))
      .orderBy(column, fleetDocuments.type, desc(fleetDocuments.replacedAt));
    for (const row of newest) {
      if (row.verifiedAt !== null && row.rejectedAt === null) {
        replaced.set(`${row.ownerId}:${row.type}`, row.expiresOn);
      }
    }
  }
  for (const row of rows) {
    const key = `${row.ownerId}:${row.type}`;
    held.get(row.ownerId!)?.push({
      type: row.type,
      expiresOn: row.expiresOn,
      isVerified: row.verifiedAt !== null,
      isRejected: row.rejectedAt !== null,
      ...(isAwaiting(row) && replaced.has(key)
        ? { replaced: { expiresOn: replaced.get(key) ?? null } }
        : {}),
    });
  }
  return held;
}

/**
 * Each vehicle's papers as the Vehicles list shows them, by vehicle id: the
 * problems that keep any driver from working in it (naming no plate: the
 * row shows it). Empty: in order. With `driverId`, those that keep that
 * driver out of it: an override of theirs covers the expired papers it was
 * granted for, as at their shift start (the Start Shift sheet's list).
 */
export async function vehiclePaperProblems(
  db: Executor,
  ids: string[],
  now = new Date(),
  driverId: string | null = null,
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const context = await complianceContext(db, now);
  const held = await heldDocuments(db, 'vehicle', ids);
  const overrides = driverId
    ? ((await overridesInForce(db, [driverId], now)).get(driverId) ?? [])
    : [];
  return new Map(
    ids.map((id) => [
      id,
      vehicleBlockingProblems(
        context.requirements,
        { id, documents: held.get(id) ?? [] },
        overrides,
        context.today,
        context.now,
      ).map((problem) => problem.detail),
    ]),
  );
}

/** The driver's open (not lifted) suspension, if any. */
export async function openSuspension(
  db: Executor,
  driverId: string,
): Promise<{ id: string; reason: string; startedAt: Date } | null> {
  const [open] = await db
    .select({
      id: complianceSuspensions.id,
      reason: complianceSuspensions.reason,
      startedAt: complianceSuspensions.startedAt,
    })
    .from(complianceSuspensions)
    .where(
      and(eq(complianceSuspensions.driverId, driverId), isNull(complianceSuspensions.liftedAt)),
    );
  return open ?? null;
}

/** An override in force: the rule's view of it, and its row for the pass to keep up. */
export type OverrideInForce = ComplianceOverride & { id: string };

/**
 * Each driver's overrides in force now (not ended by the pass, their end
 * ahead), the latest-ending first: the expired papers each was granted for
 * (decision 153).
 */
export async function overridesInForce(
  db: Executor,
  driverIds: string[],
  now: Date,
): Promise<Map<string, OverrideInForce[]>> {
  const inForce = new Map<string, OverrideInForce[]>();
  if (driverIds.length === 0) return inForce;
  const rows = await db
    .select({
      id: complianceOverrides.id,
      driverId: complianceOverrides.driverId,
      endsAt: complianceOverrides.endsAt,
      covers: complianceOverrides.covers,
    })
    .from(complianceOverrides)
    .where(
      and(
        inArray(complianceOverrides.driverId, driverIds),
        gt(complianceOverrides.endsAt, now),
        isNull(complianceOverrides.endedAt),
      ),
    )
    .orderBy(desc(complianceOverrides.endsAt));
  for (const row of rows) {
    const list = inForce.get(row.driverId) ?? [];
    list.push({ id: row.id, endsAt: row.endsAt.toISOString(), covers: row.covers });
    inForce.set(row.driverId, list);
  }
  return inForce;
}

/** A driver as the rule sees them: whose papers, in which vehicle (null: none known). */
export type DriverToAssess = { id: string; vehicle: { id: string; registration: string } | null };

/**
 * The rule for many drivers at once (the hourly check, the roster): their
 * current documents, their vehicles' and their overrides in three queries.
 */
export async function assessDrivers(
  db: Executor,
  toAssess: DriverToAssess[],
  context: ComplianceContext,
): Promise<Map<string, Compliance>> {
  const driverIds = toAssess.map((driver) => driver.id);
  const vehicleIds = [
    ...new Set(toAssess.flatMap((driver) => (driver.vehicle ? [driver.vehicle.id] : []))),
  ];
  const driverHeld = await heldDocuments(db, 'driver', driverIds);
  const vehicleHeld = await heldDocuments(db, 'vehicle', vehicleIds);
  const overrides = await overridesInForce(db, driverIds, context.now);
  return new Map(
    toAssess.map((driver) => [
      driver.id,
      assessCompliance({
        requirements: context.requirements,
        driverDocuments: driverHeld.get(driver.id) ?? [],
        vehicle: driver.vehicle
          ? {
              id: driver.vehicle.id,
              registration: driver.vehicle.registration,
              documents: vehicleHeld.get(driver.vehicle.id) ?? [],
            }
          : null,
        overrides: overrides.get(driver.id) ?? [],
        today: context.today,
        now: context.now,
      }),
    ]),
  );
}

/**
 * What keeps each driver from work now, by id: the problems of their papers
 * and of their current car's that no override covers, as an assignment
 * checks them (spec section 5). Empty: in order. The lists dispatch assigns
 * from carry them; the same few queries for any number of drivers.
 */
export async function driverPaperProblems(
  db: Executor,
  toAssess: DriverToAssess[],
  now = new Date(),
): Promise<Map<string, string[]>> {
  if (toAssess.length === 0) return new Map();
  const assessed = await assessDrivers(db, toAssess, await complianceContext(db, now));
  return new Map(
    [...assessed].map(([id, compliance]) => [
      id,
      blockingProblems(compliance).map((problem) => problem.message),
    ]),
  );
}

/**
 * The rule for one driver, in the vehicle given (the one they pick at shift
 * start or are assigned in) or else the vehicle they drive now.
 */
export async function driverCompliance(
  db: Executor,
  driverId: string,
  options: { vehicleId?: string | null; context?: ComplianceContext } = {},
): Promise<{ compliance: Compliance; name: string; registration: string | null }> {
  const context = options.context ?? (await complianceContext(db));
  const [driver] = await db
    .select({
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      vehicleId: drivers.vehicleId,
    })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  const vehicleId =
    options.vehicleId === undefined ? (driver?.vehicleId ?? null) : options.vehicleId;
  const [vehicle] = vehicleId
    ? await db
        .select({ id: vehicles.id, registration: vehicles.registration })
        .from(vehicles)
        .where(eq(vehicles.id, vehicleId))
    : [];
  const assessed = await assessDrivers(db, [{ id: driverId, vehicle: vehicle ?? null }], context);
  return {
    name: driver ? `${driver.firstName} ${driver.lastName}` : 'This driver',
    registration: vehicle?.registration ?? null,
    compliance: assessed.get(driverId)!,
  };
}

/**
 * Refuses (409, naming every missing, unverified or expired document) a
 * shift start, an assignment or an activation for a driver not in order;
 * the car's papers name the car (complianceRefusal).
 */
export async function assertDriverCompliant(
  db: Executor,
  driverId: string,
  options: { vehicleId?: string | null; now?: Date; who?: 'you' } = {},
): Promise<void> {
  const { compliance, name, registration } = await driverCompliance(db, driverId, {
    vehicleId: options.vehicleId,
    context: await complianceContext(db, options.now),
  });
  const refusal = complianceRefusal(compliance, options.who === 'you' ? 'You' : name, registration);
  if (refusal) throw new Conflict(refusal);
}
