import type { bookingEvents, bookings } from '../schema';
import { DEFAULT_TARIFFS, fareComponents, quoteFare } from '../../../domain/fares';
import { centsToNumericText } from '../../../domain/format';
import { selectVehicle, VEHICLE_CAPACITY, type VehicleType } from '../../../domain/vehicles';
import type { Random } from './random';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  SECOND_MS,
  formatPerthClock,
  startOfPerthDay,
} from './perth-time';
import {
  AIRLINES_BY_TERMINAL,
  CHILD_SEAT_NOTE,
  GENERAL_BOOKING_NOTES,
  SHUTTLE_PURPOSES,
  type PlaceKind,
} from './perth-reference-data';
import {
  estimateTrip,
  interpolate,
  isAirport,
  jitter,
  kmFromCbd,
  makeOfficeAddress,
  makeStreetAddress,
  offsetRandomly,
  pickPlace,
  type Endpoint,
} from './endpoints';
import { fullName, makeMobile, makePersonName, type IdentityRegistry } from './identity';
import type { DemoCustomer } from './generate-customers';
import { recentFix, type DemoDriver, type DriverStatus } from './generate-fleet';
import { findFreeDriver, isFree, reserve } from './driver-calendar';
import { createPickupSampler, sampleCreatedAt } from './pickup-times';
import {
  assertNever,
  isAhead,
  isRideOver,
  livePickupTime,
  rideOffsets,
  rideSteps,
  rideWindow,
  roundToFiveMinutes,
  roundToSecond,
  type RideOffsets,
  type Step,
} from './ride-timing';

export { BOOKING_STATUSES, type BookingStatus } from '../../../domain/bookings';
import { bookingReference, REFERENCE_LENGTH, type BookingStatus } from '../../../domain/bookings';

export type DemoUserIds = { admin: string; dispatcher: string; driver: string };

export type BookingRow = typeof bookings.$inferInsert & { pickupTime: Date };
export type BookingEventRow = typeof bookingEvents.$inferInsert & { occurredAt: Date };

type Passenger = { customer: DemoCustomer | null; name: string; phone: string };

type Trip = {
  passenger: Passenger;
  pickup: Endpoint;
  dropoff: Endpoint;
  numPassengers: number;
  numSuitcases: number;
  vehicleType: VehicleType;
  distanceMeters: number;
  durationSeconds: number;
  /** Null: written from the pickup time when the booking is committed (flight times). */
  notes: string | null;
  childSeats: boolean;
  source: 'dispatch' | 'online';
};

type Shuttle = { runId: string; sequence: number };

type Lifecycle = { createdAtMs: number; driver: DemoDriver | null; steps: Step[] };

type Context = {
  random: Random;
  nowMs: number;
  customers: readonly DemoCustomer[];
  drivers: readonly DemoDriver[];
  userIds: DemoUserIds;
  walkUpRegistry: IdentityRegistry;
  samplePickupTime: () => number;
  /** Windows a driver or vehicle is taken, by key and UTC day number. */
  busy: Map<string, [number, number][]>;
  references: Set<string>;
  bookings: BookingRow[];
  events: BookingEventRow[];
};

export const MIN_BOOKING_COUNT = 100;

const CUSTOMER_SHARE = 0.85;
const ONLINE_SHARE = 0.18;
/** Live jobs stay near the city so every driver on the map is within ~25 km of the CBD. */
const LIVE_MAX_KM_FROM_CBD = 22;
const SHORTEST_TRIP_METERS = 2000;
// Passenger counts, most rides being one to three people.
const PASSENGER_WEIGHTS: Readonly<Record<VehicleType | 'any', readonly number[]>> = {
  any: [0, 48, 24, 10, 6, 5, 4, 3],
  'Standard HUG': [0, 55, 28, 12, 5],
  'Multivan 6': [0, 8, 12, 20, 20, 22, 18],
  'Imax 7': [0, 0, 8, 12, 15, 20, 20, 25],
};
const NON_AIRPORT: readonly PlaceKind[] = [
  'hotel',
  'hospital',
  'venue',
  'university',
  'ferry',
  'shopping',
  'transport',
  'leisure',
  'golf',
];

export function generateBookings(
  random: Random,
  options: {
    count: number;
    nowMs: number;
    customers: readonly DemoCustomer[];
    drivers: readonly DemoDriver[];
    userIds: DemoUserIds;
    registry: IdentityRegistry;
  },
): { bookings: BookingRow[]; events: BookingEventRow[] } {
  if (!Number.isInteger(options.count) || options.count < MIN_BOOKING_COUNT) {
    throw new RangeError(`bookingCount must be an integer of at least ${MIN_BOOKING_COUNT}`);
  }
  const ctx: Context = {
    random,
    nowMs: options.nowMs,
    customers: options.customers,
    drivers: options.drivers,
    userIds: options.userIds,
    // Walk-up passengers may share a customer's name, never a phone.
    walkUpRegistry: { names: new Set(), emails: new Set(), phones: options.registry.phones },
    samplePickupTime: createPickupSampler(random, options.nowMs),
    busy: new Map(),
    references: new Set(),
    bookings: [],
    events: [],
  };

  addLiveJobs(ctx);
  addLinkedDriverJobs(ctx);
  addShuttleRuns(ctx, Math.max(2, Math.round(options.count / 500)));
  addHistoryAndForwardBookings(ctx, options.count - ctx.bookings.length);
  placeIdleDrivers(ctx);

  ctx.bookings.sort((a, b) => a.pickupTime.getTime() - b.pickupTime.getTime());
  // In time order, so the events' serial ids read as a timeline.
  const events = ctx.events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) => a.event.occurredAt.getTime() - b.event.occurredAt.getTime() || a.index - b.index,
    )
    .map(({ event }) => event);
  return { bookings: ctx.bookings, events };
}

/**
 * What a dispatcher sees right now: drivers on their way, waiting at the door
 * or carrying passengers, a few jobs assigned for the next hour and a few still
 * waiting for a driver.
 */
function addLiveJobs(ctx: Context): void {
  const { random, nowMs } = ctx;
  const candidates = random.shuffle(
    ctx.drivers.filter(
      (driver) => driver.status === 'active' && driver.userId === null && driver.vehicle,
    ),
  );
  const plan: BookingStatus[] = [
    'en-route',
    'en-route',
    'en-route',
    'arrived',
    'arrived',
    'on-board',
    'on-board',
    'on-board',
    'on-board',
  ];
  for (const status of plan) {
    const driver = candidates.shift();
    if (!driver?.vehicle) break;
    // Booked well before the ride, which may have started up to an hour and a half ago.
    const createdAtMs = sampleCreatedAt(random, nowMs - 3 * HOUR_MS, nowMs);
    const trip = draftTrip(ctx, {
      createdAtMs,
      vehicleType: driver.vehicle.type,
      maxKmFromCbd: LIVE_MAX_KM_FROM_CBD,
    });
    const offsets = rideOffsets(random, trip.durationSeconds);
    const pickupMs = livePickupTime(random, status, offsets, nowMs);
    reserve(ctx, driver, rideWindow(pickupMs, offsets));
    commitBooking(ctx, trip, pickupMs, {
      createdAtMs,
      driver,
      steps: rideSteps(random, status, { pickupMs, createdAtMs, offsets, nowMs }),
    });
    driver.position = livePosition(random, status, { trip, pickupMs, offsets, nowMs });
    driver.locationUpdatedAtMs = recentFix(random, nowMs);
  }

  for (let i = 0; i < 3; i += 1) {
    const pickupMs = roundToFiveMinutes(nowMs + random.int(20, 60) * MINUTE_MS);
    addAssignedSoon(ctx, pickupMs);
  }
  for (let i = 0; i < 4; i += 1) {
    const pickupMs = roundToFiveMinutes(nowMs + random.int(10, 55) * MINUTE_MS);
    const createdAtMs = roundToSecond(nowMs - random.int(15, 300) * MINUTE_MS);
    const trip = draftTrip(ctx, { createdAtMs, maxKmFromCbd: LIVE_MAX_KM_FROM_CBD });
    commitBooking(ctx, trip, pickupMs, { createdAtMs, driver: null, steps: [] });
  }
}

/** The demo driver account has a job done today and a few ahead, so their screens have content. */
function addLinkedDriverJobs(ctx: Context): void {
  const { random, nowMs } = ctx;
  const driver = ctx.drivers.find((candidate) => candidate.userId !== null);
  if (!driver?.vehicle) return;

  const donePickupMs = roundToFiveMinutes(nowMs - random.int(180, 300) * MINUTE_MS);
  addDriverBooking(ctx, driver, donePickupMs, 'completed');

  const todayMs = startOfPerthDay(nowMs);
  const upcoming = [
    roundToFiveMinutes(nowMs + random.int(75, 105) * MINUTE_MS),
    roundToFiveMinutes(nowMs + random.int(180, 240) * MINUTE_MS),
    todayMs + 1 * DAY_MS + 7 * HOUR_MS + 30 * MINUTE_MS,
    todayMs + 2 * DAY_MS + 16 * HOUR_MS,
    todayMs + 4 * DAY_MS + 5 * HOUR_MS + 45 * MINUTE_MS,
  ];
  for (const pickupMs of upcoming) addDriverBooking(ctx, driver, pickupMs, 'assigned');
}

function addDriverBooking(
  ctx: Context,
  driver: DemoDriver,
  pickupMs: number,
  status: 'completed' | 'assigned',
): void {
  const { random, nowMs } = ctx;
  const createdAtMs = sampleCreatedAt(random, pickupMs, nowMs);
  const trip = draftTrip(ctx, { createdAtMs, vehicleType: driver.vehicle?.type ?? 'Standard HUG' });
  const offsets = rideOffsets(random, trip.durationSeconds);
  const window = rideWindow(pickupMs, offsets);
  if (!isFree(ctx, driver, window)) return;
  reserve(ctx, driver, window);
  commitBooking(ctx, trip, pickupMs, {
    createdAtMs,
    driver,
    steps: rideSteps(random, status, { pickupMs, createdAtMs, offsets, nowMs }),
  });
}

/**
 * Shuttle runs as the New Booking panel makes them (spec section 7): one
 * booking per stop, every stop with the run's destination, pickup time and
 * suitcases, and notes 'Shuttle Run Stop - {type} - {notes}'.
 */
function addShuttleRuns(ctx: Context, runs: number): void {
  const { random, nowMs } = ctx;
  for (let run = 0; run < runs; run += 1) {
    const purpose = random.pick(SHUTTLE_PURPOSES);
    const destination = pickPlace(random, ['venue', 'leisure', 'golf']);
    const stopCount = random.int(2, 4);
    const passengersPerStop = splitPassengers(random, random.int(stopCount + 1, 7), stopCount);
    const total = passengersPerStop.reduce((sum, count) => sum + count, 0);
    const vehicleType: VehicleType =
      total > VEHICLE_CAPACITY['Multivan 6'] ? 'Imax 7' : 'Multivan 6';
    const numSuitcases = random.int(0, 2);
    const source = random.chance(ONLINE_SHARE) ? 'online' : 'dispatch';
    const stops = passengersPerStop.map((numPassengers, sequence) => {
      const pickup = random.chance(0.3) ? pickPlace(random, ['hotel']) : makeStreetAddress(random);
      const isDropoff = sequence > 0 && sequence === stopCount - 1 && random.chance(0.3);
      return { pickup, numPassengers, type: isDropoff ? 'dropoff' : 'pickup' };
    });
    const longest = Math.max(
      ...stops.map((stop) => estimateTrip(stop.pickup, destination).durationSeconds),
    );
    // Collecting every stop takes about ten minutes a stop on top of the longest leg.
    const offsets = rideOffsets(random, longest + stopCount * 10 * 60);
    let pickupMs = ctx.samplePickupTime();
    while (!isRideOver(pickupMs, offsets, nowMs) && !isAhead(pickupMs, offsets, nowMs)) {
      pickupMs = ctx.samplePickupTime();
    }
    const createdAtMs = sampleCreatedAt(random, pickupMs, nowMs);
    const organiser = pickPassenger(ctx, createdAtMs);

    const isPast = isRideOver(pickupMs, offsets, nowMs);
    const wanted: BookingStatus = isPast
      ? random.chance(0.9)
        ? 'completed'
        : 'cancelled'
      : random.chance(0.5)
        ? 'assigned'
        : 'pending';
    const window = rideWindow(pickupMs, offsets);
    const needsDriver = wanted === 'completed' || wanted === 'assigned';
    const driver = needsDriver
      ? findFreeDriver(ctx, vehicleType, window, createdAtMs, driverStatusesFor(pickupMs, nowMs))
      : null;
    if (driver) reserve(ctx, driver, window);
    const status: BookingStatus =
      needsDriver && !driver ? (wanted === 'assigned' ? 'pending' : 'cancelled') : wanted;
    const steps = rideSteps(random, status, { pickupMs, createdAtMs, offsets, nowMs });
    const runId = random.uuid();
    stops.forEach((stop, sequence) => {
      const trip: Trip = {
        passenger: organiser,
        pickup: stop.pickup,
        dropoff: destination,
        numPassengers: stop.numPassengers,
        numSuitcases,
        vehicleType,
        ...estimateTrip(stop.pickup, destination),
        notes: `Shuttle Run Stop - ${stop.type} - ${purpose}`,
        childSeats: false,
        source,
      };
      commitBooking(ctx, trip, pickupMs, { createdAtMs, driver, steps }, { runId, sequence });
    });
  }
}

/** The bulk: two months of history and three weeks of forward bookings. */
function addHistoryAndForwardBookings(ctx: Context, count: number): void {
  const { random, nowMs } = ctx;
  // The first finished bookings take the rarer outcomes, so every status shows even in a small seed.
  const guaranteedOutcomes: BookingStatus[] = ['no-show', 'cancelled'];
  let added = 0;
  while (added < count) {
    const pickupMs = ctx.samplePickupTime();
    const createdAtMs = sampleCreatedAt(random, pickupMs, nowMs);
    const trip = draftTrip(ctx, { createdAtMs });
    const offsets = rideOffsets(random, trip.durationSeconds);
    if (isRideOver(pickupMs, offsets, nowMs)) {
      addPastBooking(ctx, trip, { pickupMs, createdAtMs, offsets }, guaranteedOutcomes.shift());
    } else if (isAhead(pickupMs, offsets, nowMs)) {
      addForwardBooking(ctx, trip, { pickupMs, createdAtMs, offsets });
    } else {
      // Around now only the live jobs exist, each with an active driver.
      continue;
    }
    added += 1;
  }
}

function addPastBooking(
  ctx: Context,
  trip: Trip,
  timing: { pickupMs: number; createdAtMs: number; offsets: RideOffsets },
  forcedOutcome: BookingStatus | undefined,
): void {
  const { random, nowMs } = ctx;
  const { pickupMs, createdAtMs, offsets } = timing;
  let status: BookingStatus;
  let cancelledAfterAssignment = false;
  const roll = random.next();
  if (forcedOutcome) {
    status = forcedOutcome;
  } else if (pickupMs >= nowMs - DAY_MS && roll < 0.06) {
    status = 'pending';
  } else if (roll < 0.085) {
    status = 'cancelled';
    cancelledAfterAssignment = random.chance(0.35);
  } else if (roll < 0.12) {
    status = 'no-show';
  } else {
    status = 'completed';
  }

  let driver: DemoDriver | null = null;
  const window = rideWindow(pickupMs, offsets);
  const statuses = driverStatusesFor(pickupMs, nowMs);
  if (status === 'completed' || status === 'no-show') {
    driver = findFreeDriver(ctx, trip.vehicleType, window, createdAtMs, statuses);
    if (driver) reserve(ctx, driver, window);
    else status = 'cancelled';
  } else if (cancelledAfterAssignment) {
    // Cancelled before the ride: the driver's time was freed again, so nothing is reserved.
    driver = findFreeDriver(ctx, trip.vehicleType, window, createdAtMs, statuses);
  }
  const steps = rideSteps(random, status, {
    pickupMs,
    createdAtMs,
    offsets,
    nowMs,
    cancelledAfterAssignment: driver !== null,
  });
  commitBooking(ctx, trip, pickupMs, { createdAtMs, driver, steps });
}

function addForwardBooking(
  ctx: Context,
  trip: Trip,
  timing: { pickupMs: number; createdAtMs: number; offsets: RideOffsets },
): void {
  const { random, nowMs } = ctx;
  const hoursAhead = (timing.pickupMs - nowMs) / HOUR_MS;
  if (random.chance(0.03)) {
    const steps = rideSteps(random, 'cancelled', { ...timing, nowMs });
    commitBooking(ctx, trip, timing.pickupMs, {
      createdAtMs: timing.createdAtMs,
      driver: null,
      steps,
    });
    return;
  }
  // Dispatch fills the next day first; far-off bookings mostly wait for a driver.
  const assignedShare =
    hoursAhead < 24 ? 0.9 : hoursAhead < 72 ? 0.7 : hoursAhead < 168 ? 0.45 : 0.2;
  const wantsDriver = random.chance(assignedShare);
  const driverStatuses = driverStatusesFor(timing.pickupMs, nowMs);
  const window = rideWindow(timing.pickupMs, timing.offsets);
  const driver = wantsDriver
    ? findFreeDriver(ctx, trip.vehicleType, window, timing.createdAtMs, driverStatuses)
    : null;
  if (driver) reserve(ctx, driver, window);
  const steps = driver ? rideSteps(random, 'assigned', { ...timing, nowMs }) : [];
  commitBooking(ctx, trip, timing.pickupMs, { createdAtMs: timing.createdAtMs, driver, steps });
}

function addAssignedSoon(ctx: Context, pickupMs: number): void {
  const { random, nowMs } = ctx;
  const createdAtMs = sampleCreatedAt(random, pickupMs, nowMs);
  const trip = draftTrip(ctx, { createdAtMs, maxKmFromCbd: LIVE_MAX_KM_FROM_CBD });
  const offsets = rideOffsets(random, trip.durationSeconds);
  const window = rideWindow(pickupMs, offsets);
  const driver = findFreeDriver(ctx, trip.vehicleType, window, createdAtMs, ['active']);
  if (driver) reserve(ctx, driver, window);
  const steps = driver
    ? rideSteps(random, 'assigned', { pickupMs, createdAtMs, offsets, nowMs })
    : [];
  commitBooking(ctx, trip, pickupMs, { createdAtMs, driver, steps });
}

/** Spreads idle drivers on shift around town, a couple waiting at the airport. */
function placeIdleDrivers(ctx: Context): void {
  const { random, nowMs } = ctx;
  const busyNow = new Set(
    ctx.bookings
      .filter(
        (booking) =>
          booking.status === 'en-route' ||
          booking.status === 'arrived' ||
          booking.status === 'on-board',
      )
      .map((booking) => booking.driverId),
  );
  const idle = ctx.drivers.filter(
    (driver) => driver.status === 'active' && !busyNow.has(driver.id),
  );
  random
    .shuffle(idle)
    .slice(0, 2)
    .forEach((driver) => {
      driver.position = jitter(random, pickPlace(random, ['airport']), 150);
      driver.locationUpdatedAtMs = recentFix(random, nowMs);
    });
}

function draftTrip(
  ctx: Context,
  options: { createdAtMs: number; vehicleType?: VehicleType; maxKmFromCbd?: number },
): Trip {
  const { random } = ctx;
  const passenger = pickPassenger(ctx, options.createdAtMs);
  const { pickup, dropoff } = chooseEndpoints(random, passenger.customer, options.maxKmFromCbd);
  const involvesAirport = isAirport(pickup) || isAirport(dropoff);
  const preferred = passenger.customer?.preferredVehicleType ?? null;

  const passengerWeights = PASSENGER_WEIGHTS[options.vehicleType ?? 'any'];
  const numPassengers = random.pickWeighted(
    passengerWeights.map((_, count) => count),
    (count) => passengerWeights[count] ?? 0,
  );
  let numSuitcases = random.pickWeighted([0, 1, 2, 3, 4], (count) =>
    involvesAirport ? ([10, 30, 35, 15, 10][count] ?? 0) : ([60, 25, 10, 3, 2][count] ?? 0),
  );
  let vehicleType: VehicleType;
  if (options.vehicleType) {
    vehicleType = options.vehicleType;
    // A full sedan has room for two large cases (spec section 5).
    if (vehicleType === 'Standard HUG' && numPassengers === VEHICLE_CAPACITY['Standard HUG']) {
      numSuitcases = Math.min(numSuitcases, 2);
    }
  } else {
    vehicleType = selectVehicle({
      passengers: numPassengers,
      largeSuitcases: numSuitcases,
      mediumSuitcases: 0,
      excessLuggage: false,
      sportingEquipment: false,
      oversizedItems: false,
    });
    if (preferred && VEHICLE_CAPACITY[preferred] >= VEHICLE_CAPACITY[vehicleType])
      vehicleType = preferred;
  }

  const estimate = estimateTrip(pickup, dropoff);
  const childSeats = passenger.customer?.needsChildSeat ? random.chance(0.7) : random.chance(0.02);
  return {
    passenger,
    pickup,
    dropoff,
    numPassengers,
    numSuitcases,
    vehicleType,
    ...estimate,
    notes: null,
    childSeats,
    source: random.chance(ONLINE_SHARE) ? 'online' : 'dispatch',
  };
}

function pickPassenger(ctx: Context, createdAtMs: number): Passenger {
  const { random } = ctx;
  if (random.chance(CUSTOMER_SHARE)) {
    const known = ctx.customers.filter((customer) => customer.createdAtMs <= createdAtMs);
    if (known.length > 0) {
      const customer = random.pickWeighted(known, (candidate) => candidate.bookingWeight);
      return { customer, name: customer.name, phone: customer.phone ?? '' };
    }
  }
  return {
    customer: null,
    name: fullName(makePersonName(random, ctx.walkUpRegistry)),
    phone: makeMobile(random, ctx.walkUpRegistry),
  };
}

function chooseEndpoints(
  random: Random,
  customer: DemoCustomer | null,
  maxKmFromCbd = Number.POSITIVE_INFINITY,
): { pickup: Endpoint; dropoff: Endpoint } {
  const personal = customer
    ? [customer.home, ...customer.saved.map((saved) => saved.endpoint)].filter(
        (endpoint): endpoint is Endpoint => endpoint !== null && !isAirport(endpoint),
      )
    : [];
  const savedAirport = customer?.saved.find((saved) => saved.label === 'Airport')?.endpoint;
  const airport = () =>
    savedAirport && random.chance(0.8) ? savedAirport : pickPlace(random, ['airport']);
  const theirs = () => (personal.length > 0 ? random.pick(personal) : makeStreetAddress(random));
  const nearby = (endpoint: Endpoint) => kmFromCbd(endpoint) <= maxKmFromCbd;

  for (let attempt = 0; attempt < 30; attempt += 1) {
    const roll = random.next();
    const [pickup, dropoff] =
      roll < 0.3
        ? [theirs(), airport()]
        : roll < 0.52
          ? [airport(), theirs()]
          : roll < 0.64
            ? [theirs(), pickPlace(random, NON_AIRPORT)]
            : roll < 0.74
              ? [pickPlace(random, NON_AIRPORT), theirs()]
              : roll < 0.82
                ? [pickPlace(random, ['hotel']), airport()]
                : roll < 0.87
                  ? [airport(), pickPlace(random, ['hotel'])]
                  : roll < 0.94
                    ? [makeOfficeAddress(random), pickPlace(random)]
                    : [makeStreetAddress(random), makeStreetAddress(random)];
    const isUsable =
      pickup.address !== dropoff.address &&
      !(isAirport(pickup) && isAirport(dropoff)) &&
      estimateTrip(pickup, dropoff).distanceMeters >= SHORTEST_TRIP_METERS &&
      nearby(pickup) &&
      nearby(dropoff);
    if (isUsable) return { pickup, dropoff };
  }
  return { pickup: pickPlace(random, ['hotel']), dropoff: pickPlace(random, ['airport']) };
}

function composeNotes(
  random: Random,
  trip: Pick<Trip, 'pickup' | 'dropoff' | 'durationSeconds' | 'childSeats'> & { pickupMs: number },
): string {
  const parts: string[] = [];
  if (isAirport(trip.pickup)) {
    if (random.chance(0.6)) {
      const landsMs = roundToFiveMinutes(trip.pickupMs - random.int(10, 35) * MINUTE_MS);
      parts.push(
        `Flight ${flightNumber(random, trip.pickup)} arriving ${formatPerthClock(landsMs)}`,
      );
    }
    if (random.chance(0.35)) parts.push('Meet at arrivals');
  } else if (isAirport(trip.dropoff) && random.chance(0.35)) {
    const departsMs = roundToFiveMinutes(
      trip.pickupMs + trip.durationSeconds * SECOND_MS + random.int(80, 150) * MINUTE_MS,
    );
    parts.push(
      `Flight ${flightNumber(random, trip.dropoff)} departing ${formatPerthClock(departsMs)}`,
    );
  }
  if (trip.childSeats) parts.push(CHILD_SEAT_NOTE);
  if (random.chance(0.08)) parts.push(random.pick(GENERAL_BOOKING_NOTES));
  return parts.join('. ');
}

function flightNumber(random: Random, terminal: Endpoint): string {
  const airlines = AIRLINES_BY_TERMINAL[terminal.placeName ?? ''] ?? ['QF'];
  return `${random.pick(airlines)} ${random.int(10, 999)}`;
}

function commitBooking(
  ctx: Context,
  trip: Trip,
  pickupMs: number,
  lifecycle: Lifecycle,
  shuttle: Shuttle | null = null,
): void {
  const { random, userIds } = ctx;
  const id = random.uuid();
  const status = lifecycle.steps.at(-1)?.to ?? 'pending';
  const fare = quoteFare({
    distanceMeters: trip.distanceMeters,
    durationSeconds: trip.durationSeconds,
    vehicleType: trip.vehicleType,
    childSeats: trip.childSeats,
  });
  const createdBy = trip.source === 'dispatch' ? userIds.dispatcher : null;
  const { driver } = lifecycle;

  const events: BookingEventRow[] = [
    {
      bookingId: id,
      actorUserId: createdBy,
      type: 'created',
      fromStatus: null,
      toStatus: 'pending',
      changes: {},
      occurredAt: new Date(lifecycle.createdAtMs),
    },
  ];
  let previous: BookingStatus = 'pending';
  for (const step of lifecycle.steps) {
    events.push({
      bookingId: id,
      actorUserId: actorFor(step.to, driver, userIds),
      type: step.to === 'assigned' ? 'assigned' : 'status',
      fromStatus: previous,
      toStatus: step.to,
      changes:
        step.to === 'assigned' && driver
          ? { driverId: driver.id, vehicleId: driver.vehicle?.id ?? null }
          : {},
      occurredAt: new Date(step.atMs),
    });
    previous = step.to;
  }
  ctx.events.push(...events);
  // The demo drivers accepted their jobs a minute after dispatch gave them.
  const assignedAtMs = lifecycle.steps.find((step) => step.to === 'assigned')?.atMs;
  // The WA booking record's journey times and a completed fare's parts, as the
  // status route records them (booking-status-changes.ts).
  const stepAt = (to: BookingStatus) => {
    const step = lifecycle.steps.find((entry) => entry.to === to);
    return step ? new Date(step.atMs) : null;
  };
  const journeyEndedAt = stepAt('completed');

  ctx.bookings.push({
    id,
    reference: makeReference(random, ctx.references),
    customerId: trip.passenger.customer?.id ?? null,
    driverId: driver?.id ?? null,
    vehicleId: driver?.vehicle?.id ?? null,
    pickupTime: new Date(pickupMs),
    pickupLocation: trip.pickup.address,
    dropoffLocation: trip.dropoff.address,
    pickupLat: trip.pickup.lat,
    pickupLng: trip.pickup.lng,
    dropoffLat: trip.dropoff.lat,
    dropoffLng: trip.dropoff.lng,
    status,
    fareAmount: centsToNumericText(fare.roundedFareCents),
    passengerName: trip.passenger.name,
    phone: trip.passenger.phone,
    vehicleType: trip.vehicleType,
    numPassengers: trip.numPassengers,
    numSuitcases: trip.numSuitcases,
    // A family's booking carries the seat on the booking as well as in its note.
    childSeats: trip.childSeats ? 1 : 0,
    notes: trip.notes ?? composeNotes(random, { ...trip, pickupMs }),
    isShuttle: shuttle !== null,
    shuttleRunId: shuttle?.runId ?? null,
    shuttleSequence: shuttle?.sequence ?? null,
    accountCode: null,
    source: trip.source,
    distanceMeters: trip.distanceMeters,
    durationSeconds: trip.durationSeconds,
    createdBy,
    acknowledgedAt: driver && assignedAtMs !== undefined ? new Date(assignedAtMs + 60_000) : null,
    journeyStartedAt: stepAt('on-board'),
    journeyEndedAt,
    fareComponents: journeyEndedAt
      ? fareComponents(
          {
            fareCents: fare.roundedFareCents,
            distanceMeters: trip.distanceMeters,
            durationSeconds: trip.durationSeconds,
            vehicleType: trip.vehicleType,
          },
          DEFAULT_TARIFFS,
        )
      : null,
    createdAt: new Date(lifecycle.createdAtMs),
    updatedAt: new Date(Math.max(...events.map((event) => event.occurredAt.getTime()))),
  });
}

/** Dispatch assigns and cancels; the driver moves the ride along from their phone. */
function actorFor(
  status: BookingStatus,
  driver: DemoDriver | null,
  userIds: DemoUserIds,
): string | null {
  switch (status) {
    case 'pending':
    case 'assigned':
    case 'cancelled':
      return userIds.dispatcher;
    case 'en-route':
    case 'arrived':
    case 'on-board':
    case 'completed':
    case 'no-show':
      return driver?.userId ?? null;
    default:
      return assertNever(status);
  }
}

/**
 * Who can take a job: anyone with a car for past and far-off jobs; for the
 * next twelve hours only drivers on shift, so today's board shows live drivers.
 */
function driverStatusesFor(pickupMs: number, nowMs: number): DriverStatus[] {
  if (pickupMs < nowMs) return ['active', 'offline'];
  return pickupMs - nowMs < 12 * HOUR_MS ? ['active'] : ['active', 'offline'];
}

/** Where a driver on a live job is: heading for the pickup, at it, or part way to the drop-off. */
function livePosition(
  random: Random,
  status: BookingStatus,
  job: { trip: Trip; pickupMs: number; offsets: RideOffsets; nowMs: number },
) {
  const { trip, pickupMs, offsets, nowMs } = job;
  switch (status) {
    case 'en-route': {
      // About half a kilometre a minute in city traffic.
      const minutesAway = Math.max(1, (pickupMs + offsets.arrived - nowMs) / MINUTE_MS);
      return offsetRandomly(random, trip.pickup, Math.min(8000, minutesAway * 500));
    }
    case 'arrived':
      return jitter(random, trip.pickup, 40);
    case 'on-board': {
      const boardedMs = pickupMs + offsets.onBoard;
      const fraction = (nowMs - boardedMs) / (offsets.completed - offsets.onBoard);
      return interpolate(trip.pickup, trip.dropoff, Math.min(Math.max(fraction, 0), 1));
    }
    default:
      throw new RangeError(`${status} is not a live status`);
  }
}

function splitPassengers(random: Random, total: number, stops: number): number[] {
  const counts = Array.from({ length: stops }, () => 1);
  for (let extra = total - stops; extra > 0; extra -= 1) {
    const index = random.int(0, stops - 1);
    counts[index] = (counts[index] ?? 1) + 1;
  }
  return counts;
}

function makeReference(random: Random, used: Set<string>): string {
  for (;;) {
    const reference = bookingReference(
      Uint8Array.from({ length: REFERENCE_LENGTH }, () => random.int(0, 255)),
    );
    if (!used.has(reference)) {
      used.add(reference);
      return reference;
    }
  }
}
