import { useEffect, useRef, useState } from 'react';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { isFinished, type BookingStatus } from '../../../../domain/bookings/status';
import type { RefusedTap, Tap } from '../offline/tap-queue';

/**
 * How long the next job's step waits after the driver finished one: the
 * finished card leaves and the next job's button comes to rest where
 * Completed was, under a thumb that may tap again.
 */
export const HOLD_NEXT_STEP_MS = 1_200;
/** How long 'Job ABC123 completed.' stays. */
export const ACKNOWLEDGEMENT_MS = 4_000;

export type FinishAcknowledgement = {
  key: string;
  text: string;
  /** The next job's step waits (HOLD_NEXT_STEP_MS), with `text` as the reason. */
  isHolding: boolean;
};

function finishedText(reference: string, status: BookingStatus): string {
  const job = reference ? `Job ${reference}` : 'The job';
  return status === 'no-show' ? `${job} marked as a no-show.` : `${job} completed.`;
}

/**
 * Says that the job the driver finished (Completed, No-show) is done, once
 * the server has it and the card has left the list; for its first moments
 * the next job's step waits, so a second tap does not start it.
 */
export function useFinishAcknowledgement(
  listedJobs: readonly DriverJob[] | null,
  waiting: readonly Tap[],
  refused: readonly RefusedTap[],
): FinishAcknowledgement | null {
  /** Jobs the driver tapped to finish, with the reference they knew. */
  const finishing = useRef(new Map<string, { reference: string; status: BookingStatus }>());
  for (const tap of waiting) {
    if (tap.kind !== 'status' || !isFinished(tap.status)) continue;
    if (finishing.current.has(tap.jobId)) continue;
    const reference =
      tap.reference ?? listedJobs?.find((job) => job.id === tap.jobId)?.reference ?? '';
    finishing.current.set(tap.jobId, { reference, status: tap.status });
  }
  const [shown, setShown] = useState<FinishAcknowledgement | null>(null);

  useEffect(() => {
    if (!listedJobs) return;
    for (const [jobId, finished] of finishing.current) {
      // Still waiting to be sent: the card stays until the server has it.
      if (waiting.some((tap) => tap.jobId === jobId)) continue;
      finishing.current.delete(jobId);
      // Refused, or still listed: not finished after all (the refusal says why).
      if (refused.some((tap) => tap.jobId === jobId)) continue;
      if (listedJobs.some((job) => job.id === jobId)) continue;
      setShown({
        key: `${jobId}-${Date.now()}`,
        text: finishedText(finished.reference, finished.status),
        isHolding: true,
      });
    }
  }, [listedJobs, waiting, refused]);

  const key = shown?.key;
  useEffect(() => {
    if (!key) return;
    const hold = window.setTimeout(
      () => setShown((now) => (now?.key === key ? { ...now, isHolding: false } : now)),
      HOLD_NEXT_STEP_MS,
    );
    const end = window.setTimeout(
      () => setShown((now) => (now?.key === key ? null : now)),
      ACKNOWLEDGEMENT_MS,
    );
    return () => {
      window.clearTimeout(hold);
      window.clearTimeout(end);
    };
  }, [key]);

  return shown;
}
