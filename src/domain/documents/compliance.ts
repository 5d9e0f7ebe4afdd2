import { formatDate } from '../format/dates';
import { MAX_OVERRIDE_DAYS, type OverrideRefusal } from './api';
import { daysBetween } from './expiry';
import { vehiclePapersRefusal } from './papers-words';
import type { DocumentRequirements, RequiredDocumentType } from './requirements';

/** What the rule needs of a held document: the current record of its type. */
export type HeldDocument = {
  type: string;
  /** yyyy-mm-dd; null: does not expire. */
  expiresOn: string | null;
  isVerified: boolean;
  /** An admin rejected it and nothing replaced it yet: the driver holds no valid one. */
  isRejected?: boolean;
  /**
   * The verified record this one replaced, while this one awaits
   * verification (a renewal uploaded before the old paper ran out): until it
   * expires the driver still holds a verified paper, and works on it.
   */
  replaced?: { expiresOn: string | null };
};

/**
 * An admin's override of an expiry suspension (decisions 39, 153): until
 * `endsAt` (ISO time) it covers the expired problems whose keys
 * (`complianceProblemKey`) it was granted for, and no other. `covers` null:
 * an override granted before the set was recorded, which covers whatever has
 * expired (the compliance pass records that set at its next run).
 */
export type ComplianceOverride = { endsAt: string; covers: readonly string[] | null };

export type ComplianceInput = {
  requirements: DocumentRequirements;
  driverDocuments: HeldDocument[];
  /** The vehicle the driver drives (or picks); null when none is known yet. */
  vehicle: { id: string; registration: string; documents: HeldDocument[] } | null;
  /** The driver's overrides not yet ended; those whose end has passed cover nothing. */
  overrides: readonly ComplianceOverride[];
  /** The business's date today (yyyy-mm-dd) and the current time. */
  today: string;
  now: Date;
};

export type ComplianceProblem = {
  subject: 'driver' | 'vehicle';
  type: string;
  kind: 'missing' | 'rejected' | 'unverified' | 'expired';
  /** The whole line: a vehicle's names its plate ('Vehicle 1ABC234: Registration is missing'). */
  message: string;
  /** The same without the plate ('Registration is missing'), for a sentence that names the car itself. */
  detail: string;
  /**
   * Which paper is at fault, as an override records what it covers: the
   * driver's own document of a type, or a type of one vehicle's
   * (`complianceProblemKey`). A renewal of the same paper keeps the key.
   */
  key: string;
  /** An expired problem an override in force was granted for: it does not keep the driver from work. */
  isOverridden: boolean;
};

/**
 * The stable name of a paper a problem is about: 'driver:licence', or
 * 'vehicle:<vehicle id>:registration'. It outlives a Renew or a replacement
 * of the same paper (the same problem, if the new one has expired too); a
 * different paper, or the same type of another vehicle, is another key.
 */
export function complianceProblemKey(
  subject: 'driver' | 'vehicle',
  type: string,
  vehicleId?: string,
): string {
  return subject === 'driver' ? `driver:${type}` : `vehicle:${vehicleId ?? ''}:${type}`;
}

export type Compliance = {
  /** May start a shift, be assigned and be activated. */
  isCompliant: boolean;
  /** Some required document has expired: the driver is suspended for it. */
  hasExpired: boolean;
  /** Some required document was rejected: the driver is suspended for it too (decision 88). */
  hasRejected: boolean;
  /**
   * An admin's override in force covers some expired document (only those it
   * was granted for: it lifts an expiry suspension, nothing else, decision 153).
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
  vehicleId?: string,
): ComplianceProblem[] {
  const problems: ComplianceProblem[] = [];
  for (const type of required) {
    const document = held.find((candidate) => candidate.type === type.key);
    const problem = (kind: ComplianceProblem['kind'], detail: string) =>
      problems.push({
        subject,
        type: type.key,
        kind,
        message: `${prefix}${detail}`,
        detail,
        key: complianceProblemKey(subject, type.key, vehicleId),
        isOverridden: false,
      });
    if (!document) {
      problem('missing', `${type.label} is missing`);
    } else if (document.isRejected) {
      problem('rejected', `${type.label} was rejected`);
    } else if (document.expiresOn !== null && daysBetween(today, document.expiresOn) < 0) {
      // People read this (the profile, the refusal, the suspension mail):
      // the one date style (decision 46). A calendar date: no zone moves it.
      problem('expired', `${type.label} expired on ${formatDate(document.expiresOn)}`);
    } else if (!document.isVerified && !isCurrent(document.replaced, today)) {
      problem('unverified', `${type.label} is not verified`);
    }
  }
  return problems;
}

/** A verified paper a renewal replaced still holds while it has not expired (decision 182). */
function isCurrent(replaced: HeldDocument['replaced'], today: string): boolean {
  if (!replaced) return false;
  return replaced.expiresOn === null || daysBetween(today, replaced.expiresOn) >= 0;
}

/** Whether an override in force at `now` was granted for this (expired) problem. */
function overrideCovers(
  override: ComplianceOverride,
  problem: ComplianceProblem,
  now: Date,
): boolean {
  return (
    problem.kind === 'expired' &&
    Date.parse(override.endsAt) > now.getTime() &&
    (override.covers === null || override.covers.includes(problem.key))
  );
}

/**
 * Spec section 5, enforced: a driver may start a shift, be assigned a job or
 * be activated only when every required driver document is present,
 * verified and unexpired, and so is every required document of the vehicle
 * they drive. The one rule behind the shift start, the assignment check,
 * activation, the hourly suspension and the status badges in the UI.
 */
export function assessCompliance(input: ComplianceInput): Compliance {
  const problems: ComplianceProblem[] = [
    ...problemsFor('driver', input.requirements.driver, input.driverDocuments, input.today, ''),
    ...(input.vehicle
      ? vehicleDocumentProblems(input.requirements, input.vehicle, input.today)
      : []),
  ].map((problem) => ({
    ...problem,
    // An override lifts an expiry suspension and nothing else: it covers the
    // expired problems it was granted for only, never a missing, rejected or
    // unverified document, so it never stands in for verification before
    // activation (spec section 5), nor for a paper that expired after it was
    // granted (decision 153: that one suspends as if there were no override).
    isOverridden: input.overrides.some((override) => overrideCovers(override, problem, input.now)),
  }));
  return {
    isCompliant: problems.every((problem) => problem.isOverridden),
    hasExpired: problems.some((problem) => problem.kind === 'expired'),
    hasRejected: problems.some((problem) => problem.kind === 'rejected'),
    isOverridden: problems.some((problem) => problem.isOverridden),
    problems,
  };
}

/**
 * The keys of the expired problems an override granted now covers: every
 * expired paper of the driver's and of the vehicle they are assessed in, and
 * nothing that expires later (decision 153). The override route records them.
 */
export function expiredProblemKeys(compliance: Compliance): string[] {
  return compliance.problems
    .filter((problem) => problem.kind === 'expired')
    .map((problem) => problem.key);
}

/**
 * What the compliance pass does with an override in force, given the
 * driver's compliance now: 'end' it once nothing it covers has expired any
 * more (the paper renewed and verified, replaced, or the driver out of that
 * vehicle), so it cannot come to cover the same paper expiring again; for
 * one granted before decision 153 (`covers` null), 'record' the expired
 * problems it covers now, which it covers alone from then on; else 'keep'.
 */
export function overrideUpkeep(
  override: ComplianceOverride,
  compliance: Compliance,
  now: Date,
): { action: 'keep' } | { action: 'end' } | { action: 'record'; covers: string[] } {
  const covered = compliance.problems
    .filter((problem) => overrideCovers(override, problem, now))
    .map((problem) => problem.key);
  if (covered.length === 0) return { action: 'end' };
  return override.covers === null ? { action: 'record', covers: covered } : { action: 'keep' };
}

/**
 * Whether the compliance pass suspends the driver, the one rule behind the
 * status every screen shows (Suspended): a required document of theirs or
 * their vehicle's has expired and no override covers it (spec section 5:
 * "expired documents cause automatic account suspension"; decisions 30, 39;
 * an override covers only the papers it was granted for, decision 153),
 * whether or not they have driven yet; or one was rejected (decision 88) and
 * they have been on shift (decision 93: a new driver whose first upload was
 * refused waits for a new one, Pending verification, and is mailed why).
 */
export function suspendsDriver(compliance: Compliance, hasDriven: boolean): boolean {
  return suspendingProblems(compliance).some((problem) => problem.kind === 'expired' || hasDriven);
}

/** The problems the pass suspends a driver who has driven for: expired and not overridden, or rejected. */
export function suspendingProblems(compliance: Compliance): ComplianceProblem[] {
  return compliance.problems.filter(
    (problem) =>
      (problem.kind === 'expired' && !problem.isOverridden) || problem.kind === 'rejected',
  );
}

/**
 * Why an admin's override of a suspension is refused, or null when one can
 * be made: it lifts a suspension for expired documents and nothing else
 * (decision 30), so a driver who is not suspended has nothing to lift, and
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

/**
 * A vehicle's papers alone (the Vehicles page): what keeps any driver from
 * working in it. A null registration: the messages name no plate (shown on
 * the vehicle's own row, which does).
 */
export function vehicleDocumentProblems(
  requirements: DocumentRequirements,
  vehicle: { id: string; registration: string | null; documents: HeldDocument[] },
  today: string,
): ComplianceProblem[] {
  return problemsFor(
    'vehicle',
    requirements.vehicle,
    vehicle.documents,
    today,
    vehicle.registration === null ? '' : `Vehicle ${vehicle.registration}: `,
    vehicle.id,
  );
}

/** The problems an override in force does not cover: what still keeps the driver from work. */
export function blockingProblems(compliance: Compliance): ComplianceProblem[] {
  return compliance.problems.filter((problem) => !problem.isOverridden);
}

/**
 * The problems of a vehicle's papers that keep this driver out of it: an
 * override of theirs in force covers the expired ones it was granted for
 * (decision 153), as at their shift start. What the Start Shift sheet marks.
 */
export function vehicleBlockingProblems(
  requirements: DocumentRequirements,
  vehicle: { id: string; documents: HeldDocument[] },
  overrides: readonly ComplianceOverride[],
  today: string,
  now: Date,
): ComplianceProblem[] {
  return blockingProblems(
    assessCompliance({
      requirements: { ...requirements, driver: [] },
      driverDocuments: [],
      // The problems' `detail` names no plate; their `message` is not read.
      vehicle: { ...vehicle, registration: '' },
      overrides,
      today,
      now,
    }),
  );
}

/**
 * The refusal that names what is missing, or null when the driver may go
 * ahead. The driver's own papers name the driver (`who`: 'You', or their
 * name); the car's name the car ('1SWN 006 cannot be driven until…'): a
 * driver whose own papers are in order is not told they cannot work.
 * `vehicleRegistration`: the car they were assessed in (null: none).
 */
export function complianceRefusal(
  compliance: Compliance,
  who: string,
  vehicleRegistration: string | null,
): string | null {
  if (compliance.isCompliant) return null;
  const blocking = blockingProblems(compliance);
  const own = blocking.filter((problem) => problem.subject === 'driver');
  const car = blocking.filter((problem) => problem.subject === 'vehicle');
  return [
    own.length > 0
      ? `${who} cannot work until these documents are in order: ${own
          .map((problem) => problem.message)
          .join('; ')}.`
      : null,
    car.length > 0
      ? vehiclePapersRefusal(
          vehicleRegistration ?? 'The vehicle',
          car.map((problem) => problem.detail),
        )
      : null,
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');
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
