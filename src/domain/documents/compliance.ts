import { formatDate } from '../format/dates';
import { MAX_OVERRIDE_DAYS, type OverrideRefusal } from './api';
import { daysBetween } from './expiry';
import type { DocumentRequirements, RequiredDocumentType } from './requirements';

/** What the rule needs of a held document: the current record of its type. */
export type HeldDocument = {
  type: string;
  /** yyyy-mm-dd; null: does not expire. */
  expiresOn: string | null;
  isVerified: boolean;
  /** An admin rejected it and nothing replaced it yet: the driver holds no valid one. */
  isRejected?: boolean;
};

export type ComplianceInput = {
  requirements: DocumentRequirements;
  driverDocuments: HeldDocument[];
  /** The vehicle the driver drives (or picks); null when none is known yet. */
  vehicle: { registration: string; documents: HeldDocument[] } | null;
  /** An admin's override of a suspension, while it lasts (ISO time). */
  overrideEndsAt: string | null;
  /** The business's date today (yyyy-mm-dd) and the current time. */
  today: string;
  now: Date;
};

export type ComplianceProblem = {
  subject: 'driver' | 'vehicle';
  type: string;
  kind: 'missing' | 'rejected' | 'unverified' | 'expired';
  message: string;
};

export type Compliance = {
  /** May start a shift, be assigned and be activated. */
  isCompliant: boolean;
  /** Some required document has expired: the driver is suspended for it. */
  hasExpired: boolean;
  /** Some required document was rejected: the driver is suspended for it too (decision 88). */
  hasRejected: boolean;
  /**
   * An admin's override is in force and covers the expired documents (only
   * those: it lifts an expiry suspension, nothing else) until it ends.
   */
  isOverridden: boolean;
  problems: ComplianceProblem[];
};

function problemsFor(
  subject: 'driver' | 'vehicle',
  required: RequiredDocumentType[],
  held: HeldDocument[],
  today: string,
  prefix: string,
): ComplianceProblem[] {
  const problems: ComplianceProblem[] = [];
  for (const type of required) {
    const document = held.find((candidate) => candidate.type === type.key);
    if (!document) {
      problems.push({
        subject,
        type: type.key,
        kind: 'missing',
        message: `${prefix}${type.label} is missing`,
      });
    } else if (document.isRejected) {
      problems.push({
        subject,
        type: type.key,
        kind: 'rejected',
        message: `${prefix}${type.label} was rejected`,
      });
    } else if (document.expiresOn !== null && daysBetween(today, document.expiresOn) < 0) {
      problems.push({
        subject,
        type: type.key,
        kind: 'expired',
        // People read this (the profile, the refusal, the suspension mail):
        // the one date style (decision 46). A calendar date: no zone moves it.
        message: `${prefix}${type.label} expired on ${formatDate(document.expiresOn)}`,
      });
    } else if (!document.isVerified) {
      problems.push({
        subject,
        type: type.key,
        kind: 'unverified',
        message: `${prefix}${type.label} is not verified`,
      });
    }
  }
  return problems;
}

/**
 * Spec section 5, enforced: a driver may start a shift, be assigned a job or
 * be activated only when every required driver document is present,
 * verified and unexpired, and so is every required document of the vehicle
 * they drive. The one rule behind the shift start, the assignment check,
 * activation, the hourly suspension and the status badges in the UI.
 */
export function assessCompliance(input: ComplianceInput): Compliance {
  const problems = [
    ...problemsFor('driver', input.requirements.driver, input.driverDocuments, input.today, ''),
    ...(input.vehicle
      ? vehicleDocumentProblems(input.requirements, input.vehicle, input.today)
      : []),
  ];
  // An override lifts an expiry suspension and nothing else: it covers the
  // expired problems only, never a missing, rejected or unverified document,
  // so it never stands in for verification before activation (spec section 5).
  const isOverrideInForce =
    input.overrideEndsAt !== null && Date.parse(input.overrideEndsAt) > input.now.getTime();
  const hasExpired = problems.some((problem) => problem.kind === 'expired');
  const isOverridden = isOverrideInForce && hasExpired;
  return {
    isCompliant: problems.every((problem) => isOverridden && problem.kind === 'expired'),
    hasExpired,
    hasRejected: problems.some((problem) => problem.kind === 'rejected'),
    isOverridden,
    problems,
  };
}

/**
 * Whether the compliance pass suspends the driver: a required document of
 * theirs or their vehicle's has expired and no override covers it (decisions
 * 30, 39), or was rejected (decision 88), and they have been on shift
 * (decision 93). A driver who never drove is not on the road: the rule
 * already keeps them from a shift, an assignment and activation, so they
 * stay Pending verification and are told what to upload, not suspended.
 */
export function suspendsDriver(compliance: Compliance, hasDriven: boolean): boolean {
  if (!hasDriven) return false;
  return (compliance.hasExpired && !compliance.isOverridden) || compliance.hasRejected;
}

/**
 * Why an admin's override of a suspension is refused, or null when one can
 * be made: it lifts a suspension for expired documents and nothing else
 * (decision 30), so a driver who is not suspended has nothing to lift (a
 * driver who never drove is not suspended for an expiry, decision 127), and
 * a rejected document is no document (decision 88). `isSuspended`: the
 * compliance pass holds an open suspension of theirs (`suspendsDriver` put it
 * there). The override route refuses by it; the driver's documents answer
 * carries it, so the panel offers the form only when the route would take it.
 */
export function overrideRefusal(
  compliance: Compliance,
  isSuspended: boolean,
): OverrideRefusal | null {
  if (!isSuspended) return 'not-suspended';
  if (compliance.hasRejected) return 'rejected';
  return null;
}

/** The override route's 409, naming the driver. */
export function overrideRefusalMessage(refusal: OverrideRefusal, who: string): string {
  return refusal === 'not-suspended'
    ? `${who} is not suspended: an override only lifts a suspension for expired documents.`
    : `${who} has a rejected document: an override only lifts a suspension for expired documents. Upload a new one and verify it.`;
}

/** A vehicle's papers alone (the Vehicles page): what keeps any driver from working in it. */
export function vehicleDocumentProblems(
  requirements: DocumentRequirements,
  vehicle: { registration: string; documents: HeldDocument[] },
  today: string,
): ComplianceProblem[] {
  return problemsFor(
    'vehicle',
    requirements.vehicle,
    vehicle.documents,
    today,
    `Vehicle ${vehicle.registration}: `,
  );
}

/** The problems an override in force does not cover: what still keeps the driver from work. */
export function blockingProblems(compliance: Compliance): ComplianceProblem[] {
  return compliance.isOverridden
    ? compliance.problems.filter((problem) => problem.kind !== 'expired')
    : compliance.problems;
}

/** The refusal that names what is missing, or null when the driver may go ahead. */
export function complianceRefusal(compliance: Compliance, who: string): string | null {
  if (compliance.isCompliant) return null;
  return `${who} cannot work until these documents are in order: ${blockingProblems(compliance)
    .map((problem) => problem.message)
    .join('; ')}.`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why an override may not end at `endsAt`, following the field's name, or
 * null: it ends after `now` and at most 7 days after it (decision 30). The
 * form asks before sending; the route refuses the same.
 */
export function overrideEndRefusal(endsAt: Date, now: Date): string | null {
  if (Number.isNaN(endsAt.getTime())) return 'enter a date and time';
  if (endsAt.getTime() <= now.getTime()) return 'must be in the future';
  if (endsAt.getTime() > now.getTime() + MAX_OVERRIDE_DAYS * DAY_MS) {
    return `must be at most ${MAX_OVERRIDE_DAYS} days ahead`;
  }
  return null;
}
