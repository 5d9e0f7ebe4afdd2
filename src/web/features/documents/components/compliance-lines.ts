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

/** The driver's papers and their vehicle's, each with its problem key and how a line names it. */
function papersOf(answer: Pick<DriverDocumentsResponse, 'documents' | 'vehicle'>) {
  const vehicle = answer.vehicle;
  return [
    ...answer.documents.map((paper) => ({
      paper,
      key: `driver:${paper.type}`,
      name: paper.typeLabel,
    })),
    ...(vehicle?.documents ?? []).map((paper) => ({
      paper,
      key: `vehicle:${vehicle!.id}:${paper.type}`,
      name: `${paper.typeLabel} of ${vehicle!.registration}`,
    })),
  ];
}

/**
 * The driver's and their vehicle's papers that are in order but expire
 * within the reminder window ('expiring'), said beside a verdict that may be
 * 'Documents in order': the renewal is due before the driver is suspended.
 */
export function expiringLine(
  answer: Pick<DriverDocumentsResponse, 'documents' | 'vehicle'>,
): string | null {
  const papers = papersOf(answer).filter(
    ({ paper }) => paper.status === 'expiring' && paper.verification !== 'rejected',
  );
  if (papers.length === 0) return null;
  const each = papers.map(
    ({ paper, name }) => `${name} expires on ${formatDate(paper.expiresOn!)}`,
  );
  return `Renew soon: ${each.join('; ')}.`;
}

/**
 * The renewals awaiting verification that keep nobody from work: a required
 * paper left unverified that the compliance check does not name stands on
 * the verified one it replaced (decision 182). Said so that 'Documents in
 * order' does not read as if the new paper were checked already.
 */
export function awaitingLine(
  answer: Pick<DriverDocumentsResponse, 'documents' | 'vehicle' | 'compliance' | 'requirements'>,
): string | null {
  const required = new Set([
    ...answer.requirements.driver.map((type) => `driver:${type.key}`),
    ...answer.requirements.vehicle.map((type) => `vehicle:${type.key}`),
  ]);
  const named = new Set(answer.compliance.problems.map((problem) => problem.key));
  const papers = papersOf(answer).filter(
    ({ paper, key }) =>
      paper.verification === 'unverified' &&
      required.has(`${paper.subject}:${paper.type}`) &&
      !named.has(key),
  );
  if (papers.length === 0) return null;
  const names = papers.map(({ name }) => name).join('; ');
  return papers.length === 1
    ? `Awaiting verification: ${names}. Until then the verified one it renews counts.`
    : `Awaiting verification: ${names}. Until then the verified ones they renew count.`;
}
