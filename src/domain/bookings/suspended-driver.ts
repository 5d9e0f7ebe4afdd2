import type { BookingStatus } from './status';

// What a suspension does to the driver's jobs (an admin's, or the compliance
// pass's for an expired or rejected paper): one rule for the server's writes
// and the driver's taps.

/**
 * The jobs a suspension hands back to dispatch: every one without a passenger
 * aboard, one the driver has set off for or arrived at included. A ride with
 * the passenger on board stays the driver's to finish: nobody is left at the
 * roadside.
 */
export const RETURNED_ON_SUSPENSION: readonly BookingStatus[] = ['assigned', 'en-route', 'arrived'];

/** Why an admin's suspension hands the jobs back (the pass's says which papers). */
export const OFFICE_SUSPENSION_REASON = 'Driver suspended by the office';

/** Why a deactivation hands the jobs back: the same jobs a suspension does. */
export const OFFICE_DEACTIVATION_REASON = 'Driver deactivated by the office';

/**
 * Why a driver with a passenger aboard is not deactivated: a deactivated
 * driver cannot sign in, so nobody could complete the ride.
 */
export function deactivationRefusal(onBoard: readonly string[]): string {
  const jobs = onBoard.length === 1 ? `job ${onBoard[0]}` : `jobs ${onBoard.join(', ')}`;
  return `This driver has a passenger on board (${jobs}): deactivate them once the ride is over. To stop new jobs now, suspend them.`;
}

/** The one step a suspended driver may still make: completing the ride on board. */
export function isSuspendedDriversStep(from: BookingStatus, to: BookingStatus): boolean {
  return from === 'on-board' && to === 'completed';
}

/** Why a suspended driver's tap (a step, or Accept) is refused. */
export const SUSPENDED_DRIVER_REFUSAL =
  'You are suspended: you can only complete a ride with the passenger on board. Call dispatch about this job.';

/**
 * What the admins are told of a suspended driver's jobs: how many went back
 * to dispatch, and the rides they are finishing with the passenger on board.
 */
export function suspensionJobsText(returned: number, onBoard: readonly string[]): string {
  const back = returned
    ? `${returned} job(s) went back to dispatch for reassignment.`
    : 'They had no jobs waiting.';
  return onBoard.length ? `${back} ${finishingRideText(onBoard)}` : back;
}

/** 'They are finishing job KM42E9 with the passenger on board.' */
export function finishingRideText(onBoard: readonly string[]): string {
  const jobs = onBoard.length === 1 ? `job ${onBoard[0]}` : `jobs ${onBoard.join(', ')}`;
  return `They are finishing ${jobs} with the passenger on board.`;
}
