import type { BookingStatus } from '../bookings/status';
import { ACKNOWLEDGEMENT_TIMEOUT_MINUTES } from '../settings/dispatch';

/** A job this close to pickup (or past it) without a driver needs a dispatcher. */
export const UNASSIGNED_WARNING_MS = 2 * 60 * 60 * 1000;
/** A driver whose last position is older than this is "stale" while they have a job coming up. */
export const STALE_LOCATION_MS = 10 * 60 * 1000;

export const ATTENTION_REASONS = [
  'unassigned-soon',
  'pickup-passed-not-en-route',
  'driver-off-shift',
  'driver-stale',
  'not-acknowledged',
  'driver-declined',
  'returned-to-dispatch',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export const ATTENTION_LABEL: Record<AttentionReason, string> = {
  'unassigned-soon': 'No driver, pickup within 2 hours',
  'pickup-passed-not-en-route': 'Pickup time passed, driver not en route',
  'driver-off-shift': 'Assigned driver is off shift',
  'driver-stale': 'No position from the driver for 10 minutes',
  'not-acknowledged': 'Driver has not accepted the assignment',
  'driver-declined': 'Declined by the driver',
  'returned-to-dispatch': 'Returned to dispatch: needs a new driver',
};

/**
 * A reason as said for one job: a return to dispatch, or a decline, in the
 * words given for it (the pass's or the schedule's reason, the driver's),
 * as the board's flag says it; any other reason, or one without its words,
 * as ATTENTION_LABEL says it.
 */
export function attentionLabel(
  reason: AttentionReason,
  job: { returnedReason?: string | null; declinedReason?: string | null },
): string {
  if (reason === 'returned-to-dispatch' && job.returnedReason) {
    return `Returned to dispatch (${job.returnedReason}): needs a new driver`;
  }
  if (reason === 'driver-declined' && job.declinedReason) {
    return `Declined by the driver: “${job.declinedReason}”`;
  }
  return ATTENTION_LABEL[reason];
}

/** What the rules look at: the job and, when it has one, its driver. */
export type AttentionInput = {
  status: BookingStatus;
  pickupTime: Date;
  driver: { status: string; locationUpdatedAt: Date | null } | null;
  /** When the current driver was given the job (its last recorded assignment). */
  assignedAt?: Date | null;
  /** When that driver accepted it. */
  acknowledgedAt?: Date | null;
  /** When a driver last declined it, unless it was assigned again since. */
  declinedAt?: Date | null;
  /** When it was handed back to dispatch (its driver suspended or on leave), unless assigned since. */
  returnedAt?: Date | null;
};

/**
 * An assignment its driver has not accepted within the timeout (Settings →
 * Dispatch): dispatch is told, and it needs attention until they accept or
 * the job is given to someone else. Only recorded assignments are watched.
 */
export function isAcknowledgementOverdue(
  job: Pick<AttentionInput, 'status' | 'assignedAt' | 'acknowledgedAt'>,
  now: Date,
  timeoutMinutes: number,
): boolean {
  if (job.status !== 'assigned' || job.acknowledgedAt || !job.assignedAt) return false;
  return now.getTime() - job.assignedAt.getTime() >= timeoutMinutes * 60_000;
}

/** A driver matters from 2 hours before pickup until the ride is over. */
const DRIVER_MATTERS: readonly BookingStatus[] = ['assigned', 'en-route', 'arrived', 'on-board'];

/**
 * Whether a job's driver counts as off shift for it: any status but active,
 * except a suspended driver with the passenger aboard. They finish that ride
 * (decision 195) and their phone shares its position until it is over, so
 * the ride is watched as an active driver's is, by that position.
 */
function isOffShiftForJob(driverStatus: string, jobStatus: BookingStatus): boolean {
  return driverStatus !== 'active' && !(driverStatus === 'suspended' && jobStatus === 'on-board');
}

/**
 * Why a job needs a dispatcher's attention now, in the order a dispatcher
 * would act on them; empty when it does not. The jobs repository states the
 * same rules in SQL for the 'Needs attention' chip (its test holds them equal).
 */
export function attentionReasons(
  job: AttentionInput,
  now: Date,
  acknowledgementTimeoutMinutes: number = ACKNOWLEDGEMENT_TIMEOUT_MINUTES.default,
): AttentionReason[] {
  const untilPickup = job.pickupTime.getTime() - now.getTime();
  const isSoon = untilPickup <= UNASSIGNED_WARNING_MS;
  const reasons: AttentionReason[] = [];
  if (job.status === 'pending' && isSoon) reasons.push('unassigned-soon');
  // A decline needs a new driver however far off the pickup is.
  if (job.status === 'pending' && job.declinedAt) reasons.push('driver-declined');
  // So does a job handed back when its driver was suspended or went on leave.
  if (job.status === 'pending' && job.returnedAt) reasons.push('returned-to-dispatch');
  if (isAcknowledgementOverdue(job, now, acknowledgementTimeoutMinutes)) {
    reasons.push('not-acknowledged');
  }
  if (job.status === 'assigned' && untilPickup < 0) reasons.push('pickup-passed-not-en-route');
  if (DRIVER_MATTERS.includes(job.status) && isSoon && job.driver) {
    if (isOffShiftForJob(job.driver.status, job.status)) reasons.push('driver-off-shift');
    else if (
      job.driver.locationUpdatedAt === null ||
      now.getTime() - job.driver.locationUpdatedAt.getTime() > STALE_LOCATION_MS
    ) {
      reasons.push('driver-stale');
    }
  }
  return reasons;
}

/** Spec section 4: a booking's status colour is green when completed, red when cancelled, else yellow. */
export function jobStatusColor(status: BookingStatus): 'green' | 'red' | 'yellow' {
  switch (status) {
    case 'completed':
      return 'green';
    case 'cancelled':
      return 'red';
    default:
      return 'yellow';
  }
}
