import type { DriverDocumentsResponse } from '../../../../domain/documents';
import { formatDate } from '../../../../domain/format';

type Compliance = DriverDocumentsResponse['compliance'];

/**
 * What the driver's compliance says to an admin, in lines (decision 153):
 * `blocking`, what keeps them from work, an expired paper that an override in
 * force was not granted for said as suspending them; `covered`, the expired
 * papers the override covers, and only those.
 */
export function complianceLines(
  compliance: Compliance,
  hasOverride: boolean,
): { blocking: string[]; covered: string[] } {
  const blocking = compliance.problems
    .filter((problem) => !problem.isOverridden)
    .map((problem) =>
      // Only a driver who was suspended can hold an override (decision 127):
      // a paper it does not cover suspends them again.
      hasOverride && problem.kind === 'expired'
        ? `${problem.message}: not covered by the override, so the driver is suspended`
        : problem.message,
    );
  const covered = compliance.problems
    .filter((problem) => problem.isOverridden)
    .map((problem) => problem.message);
  return { blocking, covered };
}

/**
 * The verdict an admin (or the driver) reads first. A driver kept from work
 * is 'Suspended' once the compliance pass has suspended them (an expired
 * paper, or a rejected one after a shift): 'Cannot work yet' is for papers
 * not yet in order, a new driver's case.
 */
export function complianceVerdict(
  answer: Pick<DriverDocumentsResponse, 'compliance' | 'isSuspended'>,
): { color: 'red' | 'yellow' | 'green'; label: string } {
  const { compliance, isSuspended } = answer;
  if (!compliance.isCompliant) {
    return isSuspended
      ? { color: 'red', label: 'Suspended: cannot work' }
      : { color: 'red', label: 'Cannot work yet' };
  }
  return compliance.isOverridden
    ? { color: 'yellow', label: 'Working under an override' }
    : { color: 'green', label: 'Documents in order' };
}

/**
 * The driver's and their vehicle's papers that are in order but expire
 * within the reminder window ('expiring'), said beside a verdict that may be
 * 'Documents in order': the renewal is due before the driver is suspended.
 */
export function expiringLine(
  answer: Pick<DriverDocumentsResponse, 'documents' | 'vehicle'>,
): string | null {
  const papers = [
    ...answer.documents.map((paper) => ({ paper, of: '' })),
    ...(answer.vehicle?.documents ?? []).map((paper) => ({
      paper,
      of: ` of ${answer.vehicle!.registration}`,
    })),
  ].filter(({ paper }) => paper.status === 'expiring' && paper.verification !== 'rejected');
  if (papers.length === 0) return null;
  const each = papers.map(
    ({ paper, of }) => `${paper.typeLabel}${of} expires on ${formatDate(paper.expiresOn!)}`,
  );
  return `Renew soon: ${each.join('; ')}.`;
}
