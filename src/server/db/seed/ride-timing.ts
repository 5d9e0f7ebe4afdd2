import type { BookingStatus } from '../../../domain/bookings';
import type { Random } from './random';
import { MINUTE_MS, SECOND_MS } from './perth-time';

// When each step of a demo ride happens: the offsets from its pickup time, the
// status changes that led it where it is, and the rounding of seed times.

/** When each step of a ride happens, relative to the pickup time. */
export type RideOffsets = {
  enRoute: number;
  arrived: number;
  onBoard: number;
  completed: number;
  noShow: number;
};

export type Step = { to: BookingStatus; atMs: number };

export function rideOffsets(random: Random, durationSeconds: number): RideOffsets {
  const onBoard = random.int(1, 6) * MINUTE_MS + random.int(0, 59) * SECOND_MS;
  return {
    enRoute: -(random.int(12, 25) * MINUTE_MS + random.int(0, 59) * SECOND_MS),
    arrived: -(random.int(0, 6) * MINUTE_MS) + random.int(0, 59) * SECOND_MS,
    onBoard,
    completed: onBoard + Math.round(durationSeconds * SECOND_MS * random.between(0.95, 1.2)),
    noShow: random.int(12, 20) * MINUTE_MS,
  };
}

/** When a driver is taken by a ride: from setting off until a little after drop-off. */
export function rideWindow(pickupMs: number, offsets: RideOffsets): [number, number] {
  return [
    pickupMs + offsets.enRoute - 5 * MINUTE_MS,
    pickupMs + Math.max(offsets.completed, offsets.noShow) + 10 * MINUTE_MS,
  ];
}

export function isRideOver(pickupMs: number, offsets: RideOffsets, nowMs: number): boolean {
  return pickupMs + Math.max(offsets.completed, offsets.noShow) < nowMs - 5 * MINUTE_MS;
}

/** Far enough ahead that no driver would have set off yet. */
export function isAhead(pickupMs: number, offsets: RideOffsets, nowMs: number): boolean {
  return pickupMs + offsets.enRoute - 10 * MINUTE_MS > nowMs;
}

/** The status changes that lead a booking to `status`, each at a plausible time before now. */
export function rideSteps(
  random: Random,
  status: BookingStatus,
  timing: {
    pickupMs: number;
    createdAtMs: number;
    offsets: RideOffsets;
    nowMs: number;
    cancelledAfterAssignment?: boolean;
  },
): Step[] {
  const { pickupMs, createdAtMs, offsets, nowMs } = timing;
  const at = (offset: number) => pickupMs + offset;
  const assigned = (): Step => ({
    to: 'assigned',
    atMs: timeBetween(
      random,
      createdAtMs + MINUTE_MS,
      Math.min(at(offsets.enRoute) - 5 * MINUTE_MS, nowMs - MINUTE_MS),
    ),
  });
  const ride = (...statuses: BookingStatus[]): Step[] =>
    statuses.map((to) => ({ to, atMs: at(offsetFor(to, offsets)) }));

  switch (status) {
    case 'pending':
      return [];
    case 'assigned':
      return [assigned()];
    case 'en-route':
      return [assigned(), ...ride('en-route')];
    case 'arrived':
      return [assigned(), ...ride('en-route', 'arrived')];
    case 'on-board':
      return [assigned(), ...ride('en-route', 'arrived', 'on-board')];
    case 'completed':
      return [assigned(), ...ride('en-route', 'arrived', 'on-board', 'completed')];
    case 'no-show':
      return [assigned(), ...ride('en-route', 'arrived', 'no-show')];
    case 'cancelled': {
      const latest = Math.min(pickupMs - 10 * MINUTE_MS, nowMs - MINUTE_MS);
      if (timing.cancelledAfterAssignment) {
        const step = assigned();
        return [
          step,
          { to: 'cancelled', atMs: timeBetween(random, step.atMs + MINUTE_MS, latest) },
        ];
      }
      return [{ to: 'cancelled', atMs: timeBetween(random, createdAtMs + MINUTE_MS, latest) }];
    }
    default:
      return assertNever(status);
  }
}

function offsetFor(status: BookingStatus, offsets: RideOffsets): number {
  switch (status) {
    case 'en-route':
      return offsets.enRoute;
    case 'arrived':
      return offsets.arrived;
    case 'on-board':
      return offsets.onBoard;
    case 'completed':
      return offsets.completed;
    case 'no-show':
      return offsets.noShow;
    case 'pending':
    case 'assigned':
    case 'cancelled':
      throw new RangeError(`${status} is not a step of the ride itself`);
    default:
      return assertNever(status);
  }
}

/** A pickup time that puts the ride's latest step a little before now. */
export function livePickupTime(
  random: Random,
  status: BookingStatus,
  offsets: RideOffsets,
  nowMs: number,
): number {
  switch (status) {
    case 'en-route':
      return nowMs - random.int(1, 8) * MINUTE_MS - offsets.enRoute;
    case 'arrived':
      return nowMs - random.int(0, 4) * MINUTE_MS - random.int(5, 55) * SECOND_MS - offsets.arrived;
    case 'on-board': {
      const rideMs = offsets.completed - offsets.onBoard;
      return nowMs - Math.round(rideMs * random.between(0.1, 0.8)) - offsets.onBoard;
    }
    default:
      throw new RangeError(`${status} is not a live status`);
  }
}

export function timeBetween(random: Random, fromMs: number, toMs: number): number {
  return roundToSecond(toMs > fromMs ? random.between(fromMs, toMs) : fromMs);
}

export function roundToFiveMinutes(ms: number): number {
  return Math.round(ms / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
}

export function roundToSecond(ms: number): number {
  return Math.floor(ms / SECOND_MS) * SECOND_MS;
}

export function assertNever(value: never): never {
  throw new TypeError(`Unhandled value: ${String(value)}`);
}
