import { acknowledgeJob } from '../api/acknowledge-job';
import { declineJob } from '../api/decline-job';
import { progressJob } from '../api/progress-job';
import type { Tap } from './tap-queue';

/** Sends one queued tap to its API route. */
export function sendTap(tap: Tap): Promise<unknown> {
  switch (tap.kind) {
    case 'acknowledge':
      return acknowledgeJob(tap.jobId, tap.occurredAt, tap.key);
    case 'decline':
      return declineJob(tap.jobId, tap.reason, tap.occurredAt, tap.key);
    case 'status':
      return progressJob(tap.jobId, tap.status, tap.occurredAt, tap.key);
    default: {
      const unhandled: never = tap;
      throw new Error(`Unhandled tap: ${JSON.stringify(unhandled)}`);
    }
  }
}
