import type { drivers, vehicles } from '../schema';
import type { LatLng } from '../../../domain/maps';
import type { VehicleType } from '../../../domain/vehicles';
import type { Random } from './random';
import { DAY_MS, HOUR_MS, SECOND_MS } from './perth-time';
import { DRIVER_AREAS, VEHICLE_COLOURS, VEHICLE_MODELS } from './perth-reference-data';
import { jitter, pickSuburb } from './endpoints';
import {
  makeEmail,
  makeMobile,
  makePersonName,
  type IdentityRegistry,
  type PersonName,
} from './identity';

export type DriverStatus = 'active' | 'offline' | 'suspended';

export type DemoVehicle = { id: string; type: VehicleType; row: typeof vehicles.$inferInsert };

export type DemoDriver = {
  id: string;
  userId: string | null;
  name: string;
  status: DriverStatus;
  vehicle: DemoVehicle | null;
  createdAtMs: number;
  /** Set while generating bookings: a driver on a job is where the job is. */
  position: LatLng | null;
  locationUpdatedAtMs: number | null;
  row: Omit<typeof drivers.$inferInsert, 'latitude' | 'longitude' | 'locationUpdatedAt'>;
};

export type LinkedDriverUser = { userId: string; email: string } & PersonName;

// Per type: vehicles on the road (one per active driver), then spares.
const FLEET_PLAN: readonly { type: VehicleType; active: number; inService: number }[] = [
  { type: 'Standard HUG', active: 8, inService: 1 },
  { type: 'Multivan 6', active: 4, inService: 0 },
  { type: 'Imax 7', active: 3, inService: 0 },
];
const OFFLINE_DRIVERS = 8;
const OFFLINE_DRIVERS_WITH_VEHICLE = 5;
const SUSPENDED_DRIVERS = 2;
const ACTIVE_DRIVER_MAX_KM_FROM_CBD = 25;
const FLEET_HISTORY_DAYS = 3 * 365;
// Ratings 4.2 to 5.0, most between 4.6 and 4.9.
const RATINGS = ['4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8', '4.9', '5.0'] as const;
const RATING_WEIGHTS = [1, 1, 2, 3, 5, 7, 7, 5, 3] as const;

export function generateFleet(
  random: Random,
  options: { nowMs: number; registry: IdentityRegistry; linkedUser: LinkedDriverUser },
): { vehicles: DemoVehicle[]; drivers: DemoDriver[] } {
  const { nowMs } = options;
  const registrations = new Set<string>();
  const vehicleList: DemoVehicle[] = [];
  const onTheRoad: DemoVehicle[] = [];
  for (const plan of FLEET_PLAN) {
    for (let i = 0; i < plan.active + plan.inService; i += 1) {
      const vehicle = makeVehicle(random, plan.type, i < plan.active ? 'active' : 'in-service', {
        nowMs,
        registrations,
      });
      vehicleList.push(vehicle);
      if (i < plan.active) onTheRoad.push(vehicle);
    }
  }

  // The linked driver drives a sedan, so their jobs look like most jobs.
  const linkedVehicle = onTheRoad.find((vehicle) => vehicle.type === 'Standard HUG');
  if (!linkedVehicle) throw new Error('The fleet plan has no Standard HUG on the road');
  const otherActiveVehicles = random.shuffle(
    onTheRoad.filter((vehicle) => vehicle !== linkedVehicle),
  );

  const driverList: DemoDriver[] = [
    makeDriver(random, options, {
      status: 'active',
      vehicle: linkedVehicle,
      name: { firstName: options.linkedUser.firstName, lastName: options.linkedUser.lastName },
      userId: options.linkedUser.userId,
      email: options.linkedUser.email,
    }),
    ...otherActiveVehicles.map((vehicle) =>
      makeDriver(random, options, { status: 'active', vehicle }),
    ),
    ...Array.from({ length: OFFLINE_DRIVERS }, (_, index) =>
      makeDriver(random, options, {
        status: 'offline',
        // Off-shift drivers share the cars on the road, as they would across shifts.
        vehicle: index < OFFLINE_DRIVERS_WITH_VEHICLE ? pickSharedVehicle(random, onTheRoad) : null,
      }),
    ),
    ...Array.from({ length: SUSPENDED_DRIVERS }, () =>
      makeDriver(random, options, { status: 'suspended', vehicle: null }),
    ),
  ];

  return { vehicles: vehicleList, drivers: driverList };
}

function pickSharedVehicle(random: Random, onTheRoad: readonly DemoVehicle[]): DemoVehicle {
  const weight = (vehicle: DemoVehicle) => (vehicle.type === 'Standard HUG' ? 3 : 1);
  return random.pickWeighted(onTheRoad, weight);
}

function makeVehicle(
  random: Random,
  type: VehicleType,
  status: 'active' | 'in-service',
  { nowMs, registrations }: { nowMs: number; registrations: Set<string> },
): DemoVehicle {
  const id = random.uuid();
  const model = random.pick(VEHICLE_MODELS[type]);
  const createdAt = new Date(
    roundToSecond(nowMs - random.between(30, FLEET_HISTORY_DAYS) * DAY_MS),
  );
  return {
    id,
    type,
    row: {
      id,
      type,
      make: model.make,
      model: model.model,
      registration: makeWaRegistration(random, registrations),
      colour: random.pick(VEHICLE_COLOURS),
      seats: model.seats,
      status,
      createdAt,
      updatedAt: createdAt,
    },
  };
}

/** A current-series WA plate: '1ABC 234'. */
function makeWaRegistration(random: Random, registrations: Set<string>): string {
  // I, O and Q are left out of WA plates, being easy to misread.
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  for (;;) {
    const series = Array.from({ length: 3 }, () => random.pick([...letters])).join('');
    const plate = `1${series} ${String(random.int(0, 999)).padStart(3, '0')}`;
    if (!registrations.has(plate)) {
      registrations.add(plate);
      return plate;
    }
  }
}

function makeDriver(
  random: Random,
  { nowMs, registry }: { nowMs: number; registry: IdentityRegistry },
  spec: {
    status: DriverStatus;
    vehicle: DemoVehicle | null;
    name?: PersonName;
    userId?: string;
    email?: string;
  },
): DemoDriver {
  const id = random.uuid();
  const name = spec.name ?? makePersonName(random, registry);
  const email = spec.email ?? makeEmail(random, registry, name);
  const phone = makeMobile(random, registry);
  const rating =
    spec.status === 'suspended'
      ? random.pick(RATINGS.slice(0, 3))
      : random.pickWeighted(RATINGS, (value) => RATING_WEIGHTS[RATINGS.indexOf(value)] ?? 0);
  // A few recent starters; the rest joined over three years.
  const tenureDays = random.chance(0.12)
    ? random.between(20, 60)
    : random.between(60, FLEET_HISTORY_DAYS);
  const createdAtMs = roundToSecond(nowMs - tenureDays * DAY_MS);
  const { position, locationUpdatedAtMs } = initialPosition(random, spec.status, nowMs);

  return {
    id,
    userId: spec.userId ?? null,
    name: `${name.firstName} ${name.lastName}`,
    status: spec.status,
    vehicle: spec.vehicle,
    createdAtMs,
    position,
    locationUpdatedAtMs,
    row: {
      id,
      userId: spec.userId ?? null,
      firstName: name.firstName,
      lastName: name.lastName,
      email,
      phone,
      rating,
      status: spec.status,
      vehicleId: spec.vehicle?.id ?? null,
      preferredArea: random.pick(DRIVER_AREAS),
      createdAt: new Date(createdAtMs),
      updatedAt: new Date(createdAtMs),
    },
  };
}

/** Where a driver is before any job moves them: on shift somewhere in the metro area. */
function initialPosition(
  random: Random,
  status: DriverStatus,
  nowMs: number,
): { position: LatLng | null; locationUpdatedAtMs: number | null } {
  switch (status) {
    case 'active':
      return {
        position: jitter(random, pickSuburb(random, ACTIVE_DRIVER_MAX_KM_FROM_CBD), 800),
        locationUpdatedAtMs: recentFix(random, nowMs),
      };
    case 'offline':
      // Half went off shift with their phone sharing; their last fix is old.
      return random.chance(0.5)
        ? {
            position: jitter(random, pickSuburb(random), 800),
            locationUpdatedAtMs: roundToSecond(nowMs - random.between(2, 72) * HOUR_MS),
          }
        : { position: null, locationUpdatedAtMs: null };
    case 'suspended':
      return { position: null, locationUpdatedAtMs: null };
    default:
      return assertNever(status);
  }
}

/** A position fix within the last minute. */
export function recentFix(random: Random, nowMs: number): number {
  return nowMs - random.int(2, 58) * SECOND_MS;
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled driver status: ${String(value)}`);
}

function roundToSecond(ms: number): number {
  return Math.floor(ms / SECOND_MS) * SECOND_MS;
}
