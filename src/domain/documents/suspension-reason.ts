import type { ComplianceProblem } from './compliance';

// The reason a compliance suspension is recorded with, and hands the
// driver's jobs back to dispatch with ('Expired: Driver's licence expired on
// Nov 28, 2026'): written once here, read back here, so its wording and its
// reading cannot drift. Imports nothing else: the driver app loads it.

const EXPIRED = 'Expired: ';
const REJECTED = 'Rejected: ';

/** Why the pass suspends: 'Expired: ...; Rejected: ...' from the problems that suspend. */
export function suspensionReason(problems: readonly Pick<ComplianceProblem, 'kind' | 'message'>[]) {
  const of = (kind: ComplianceProblem['kind']) =>
    problems.filter((problem) => problem.kind === kind).map((problem) => problem.message);
  const expired = of('expired');
  const rejected = of('rejected');
  return [
    expired.length ? `${EXPIRED}${expired.join('; ')}` : null,
    rejected.length ? `${REJECTED}${rejected.join('; ')}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The documents a suspension reason names, as one phrase ('Driver's licence
 * expired on Nov 28, 2026; PTD authorization was rejected'): each problem's
 * message says expired or rejected already. Null for a reason that is not a
 * suspension's (a leave's, 'Driver on leave: ...').
 */
export function suspendingDocumentsOf(reason: string): string | null {
  if (reason.startsWith(EXPIRED)) {
    return reason.slice(EXPIRED.length).replace(`; ${REJECTED}`, '; ');
  }
  if (reason.startsWith(REJECTED)) return reason.slice(REJECTED.length);
  return null;
}
