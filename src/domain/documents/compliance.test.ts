import { describe, expect, it } from 'vitest';
import {
  assessCompliance,
  complianceRefusal,
  overrideEndRefusal,
  expiredProblemKeys,
  overrideUpkeep,
  suspendingProblems,
  suspendsDriver,
  vehicleBlockingProblems,
  type ComplianceOverride,
  type HeldDocument,
} from './compliance';
import { DEFAULT_DOCUMENT_REQUIREMENTS } from './requirements';

const today = '2026-06-15';
const now = new Date('2026-06-15T02:00:00Z');
const good = (type: string, expiresOn: string | null = '2027-01-01'): HeldDocument => ({
  type,
  expiresOn,
  isVerified: true,
});
const driverDocuments = [good('licence'), good('ptd'), good('police-certificate', null)];
const vehicle = {
  id: 'v-1',
  registration: '1ABC234',
  documents: [good('registration'), good('ptv'), good('insurance')],
};
const base = {
  requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
  driverDocuments,
  vehicle,
  overrides: [] as ComplianceOverride[],
  today,
  now,
};

function replace(documents: HeldDocument[], type: string, by: HeldDocument | null) {
  return documents.flatMap((document) => (document.type === type ? (by ? [by] : []) : [document]));
}

describe('assessCompliance', () => {
  it('marks a rejected document as one the driver is suspended for, which no override covers', () => {
    const compliance = assessCompliance({
      ...base,
      driverDocuments: replace(driverDocuments, 'ptd', {
        ...good('ptd'),
        isVerified: false,
        isRejected: true,
      }),
      overrides: [
        { endsAt: new Date(now.getTime() + 86_400_000).toISOString(), covers: ['driver:ptd'] },
      ],
    });
    expect(compliance).toMatchObject({
      isCompliant: false,
      hasRejected: true,
      isOverridden: false,
    });
  });

  it('lets a renewal awaiting verification stand on the verified paper it replaced, until that one expires (decision 182)', () => {
    const renewal = (replacedExpiry: string | null): HeldDocument => ({
      ...good('licence', '2030-01-01'),
      isVerified: false,
      replaced: { expiresOn: replacedExpiry },
    });
    // Uploaded a month early: the old licence is verified and good until July.
    expect(
      assessCompliance({
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', renewal('2026-07-15')),
      }),
    ).toMatchObject({ isCompliant: true, problems: [] });
    // Its last day counts, as for any paper.
    expect(
      assessCompliance({
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', renewal(today)),
      }).isCompliant,
    ).toBe(true);
    // The old one has run out: the new one must be verified first.
    expect(
      assessCompliance({
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', renewal('2026-06-14')),
      }),
    ).toMatchObject({
      isCompliant: false,
      hasExpired: false,
      problems: [{ kind: 'unverified', message: "Driver's licence is not verified" }],
    });
  });

  it.each([
    ['every document present, verified and unexpired', base, true, []],
    [
      'a document expiring today (good through its last day)',
      { ...base, driverDocuments: replace(driverDocuments, 'licence', good('licence', today)) },
      true,
      [],
    ],
    [
      'no licence',
      { ...base, driverDocuments: replace(driverDocuments, 'licence', null) },
      false,
      ["Driver's licence is missing"],
    ],
    [
      'a rejected licence (said as rejected, not missing)',
      {
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', {
          ...good('licence'),
          isVerified: false,
          isRejected: true,
        }),
      },
      false,
      ["Driver's licence was rejected"],
    ],
    [
      'a PTD authorization not yet verified',
      {
        ...base,
        driverDocuments: replace(driverDocuments, 'ptd', { ...good('ptd'), isVerified: false }),
      },
      false,
      ['PTD authorization is not verified'],
    ],
    [
      "a licence that expired yesterday, its date written as people read it ('MMM d, yyyy')",
      {
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', good('licence', '2026-06-14')),
      },
      false,
      ["Driver's licence expired on Jun 14, 2026"],
    ],
    [
      "the vehicle's insurance missing",
      {
        ...base,
        vehicle: { ...vehicle, documents: replace(vehicle.documents, 'insurance', null) },
      },
      false,
      ['Vehicle 1ABC234: Comprehensive insurance with rideshare coverage is missing'],
    ],
    [
      'an extra required type (medical certificate) not held',
      {
        ...base,
        requirements: {
          ...DEFAULT_DOCUMENT_REQUIREMENTS,
          driver: [
            ...DEFAULT_DOCUMENT_REQUIREMENTS.driver,
            { key: 'medical', label: 'Medical certificate' },
          ],
        },
      },
      false,
      ['Medical certificate is missing'],
    ],
    ['no vehicle known: the driver documents alone', { ...base, vehicle: null }, true, []],
  ])('%s', (_case, input, isCompliant, messages) => {
    const compliance = assessCompliance(input);
    expect(compliance.isCompliant).toBe(isCompliant);
    expect(compliance.problems.map((problem) => problem.message)).toEqual(messages);
  });

  const expiredPtd = good('ptd', '2026-06-01');
  const during = '2026-06-16T00:00:00Z';
  it.each([
    [
      'an expired PTD: the override lets them work until it ends',
      { driverDocuments: replace(driverDocuments, 'ptd', expiredPtd) },
      during,
      { isCompliant: true, isOverridden: true, hasExpired: true },
    ],
    [
      'an expired PTD after the override ended',
      { driverDocuments: replace(driverDocuments, 'ptd', expiredPtd) },
      '2026-06-15T01:00:00Z',
      { isCompliant: false, isOverridden: false, hasExpired: true },
    ],
    [
      "an expired vehicle registration (the vehicle's expiry suspends too)",
      {
        vehicle: {
          ...vehicle,
          documents: replace(vehicle.documents, 'registration', good('registration', '2026-06-01')),
        },
      },
      during,
      { isCompliant: true, isOverridden: true },
    ],
    [
      'a missing licence: never covered (a new driver is not activated by an override)',
      { driverDocuments: replace(driverDocuments, 'licence', null) },
      during,
      { isCompliant: false, isOverridden: false },
    ],
    [
      'an unverified PTD: never covered (verification comes before activation)',
      { driverDocuments: replace(driverDocuments, 'ptd', { ...good('ptd'), isVerified: false }) },
      during,
      { isCompliant: false, isOverridden: false },
    ],
    [
      'an expired PTD and a missing police clearance: the expiry is covered, the gap is not',
      {
        driverDocuments: replace(
          replace(driverDocuments, 'ptd', expiredPtd),
          'police-certificate',
          null,
        ),
      },
      during,
      { isCompliant: false, isOverridden: true, hasExpired: true },
    ],
    [
      'nothing wrong: an override changes nothing',
      {},
      during,
      { isCompliant: true, isOverridden: false, hasExpired: false },
    ],
  ])('override: %s', (_case, change, endsAt, expected) => {
    // Granted for every paper expired then (as the route records), or before
    // the papers were recorded (null): the same answer for these.
    const keys = expiredProblemKeys(assessCompliance({ ...base, ...change }));
    for (const covers of [keys, null]) {
      expect(
        assessCompliance({ ...base, ...change, overrides: [{ endsAt, covers }] }),
      ).toMatchObject(expected);
    }
  });

  it('a refusal under an override names only what the override does not cover', () => {
    const compliance = assessCompliance({
      ...base,
      driverDocuments: replace(replace(driverDocuments, 'ptd', expiredPtd), 'licence', null),
      overrides: [{ endsAt: during, covers: ['driver:ptd'] }],
    });
    expect(complianceRefusal(compliance, 'Ann Lee', '1ABC234')).toBe(
      "Ann Lee cannot work until these documents are in order: Driver's licence is missing.",
    );
  });

  it("the refusal names every problem: the driver's own name the driver, the car's name the car", () => {
    const compliance = assessCompliance({
      ...base,
      driverDocuments: replace(driverDocuments, 'licence', null),
      vehicle: { ...vehicle, documents: replace(vehicle.documents, 'ptv', null) },
    });
    expect(complianceRefusal(compliance, 'Ann Lee', '1ABC234')).toBe(
      "Ann Lee cannot work until these documents are in order: Driver's licence is missing. 1ABC234 cannot be driven until these documents are in order: PTV authorization is missing.",
    );
    expect(complianceRefusal(assessCompliance(base), 'Ann Lee', '1ABC234')).toBeNull();
  });

  it("a car's papers alone name the car, not the driver, whose own are in order", () => {
    const compliance = assessCompliance({
      ...base,
      vehicle: {
        ...vehicle,
        documents: replace(replace(vehicle.documents, 'registration', null), 'ptv', null),
      },
    });
    expect(complianceRefusal(compliance, 'You', '1ABC234')).toBe(
      '1ABC234 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing.',
    );
  });
});

describe('an override covers the expired papers it was granted for (decision 153)', () => {
  const during = '2026-06-16T00:00:00Z';
  const expiredLicence = replace(driverDocuments, 'licence', good('licence', '2026-06-14'));
  const expiredRegistration = {
    ...vehicle,
    documents: replace(vehicle.documents, 'registration', good('registration', '2026-06-13')),
  };
  // Granted while the licence alone had expired: what the route records.
  const granted = expiredProblemKeys(
    assessCompliance({ ...base, driverDocuments: expiredLicence }),
  );
  const overrides = [{ endsAt: during, covers: granted }];

  it("records the keys of the papers expired at the grant: the driver's by type, a vehicle's by vehicle and type", () => {
    expect(granted).toEqual(['driver:licence']);
    expect(
      expiredProblemKeys(
        assessCompliance({
          ...base,
          driverDocuments: expiredLicence,
          vehicle: expiredRegistration,
        }),
      ),
    ).toEqual(['driver:licence', 'vehicle:v-1:registration']);
  });

  it('covers the licence it was granted for', () => {
    const compliance = assessCompliance({ ...base, driverDocuments: expiredLicence, overrides });
    expect(compliance).toMatchObject({ isCompliant: true, isOverridden: true });
    expect(compliance.problems).toEqual([
      expect.objectContaining({ key: 'driver:licence', isOverridden: true }),
    ]);
    expect(suspendsDriver(compliance, true)).toBe(false);
  });

  it('does not cover the vehicle registration that expired after it: that suspends, named alone', () => {
    const compliance = assessCompliance({
      ...base,
      driverDocuments: expiredLicence,
      vehicle: expiredRegistration,
      overrides,
    });
    expect(compliance).toMatchObject({ isCompliant: false, isOverridden: true, hasExpired: true });
    expect(suspendsDriver(compliance, true)).toBe(true);
    expect(suspendingProblems(compliance).map((problem) => problem.message)).toEqual([
      'Vehicle 1ABC234: Registration expired on Jun 13, 2026',
    ]);
    expect(complianceRefusal(compliance, 'Jack Thompson', '1ABC234')).toBe(
      '1ABC234 cannot be driven until these documents are in order: Registration expired on Jun 13, 2026.',
    );
  });

  it("a car's papers keep the driver out of it unless their override covers them: what Start Shift offers", () => {
    const car = { id: expiredRegistration.id, documents: expiredRegistration.documents };
    const blocking = (held: readonly ComplianceOverride[]) =>
      vehicleBlockingProblems(DEFAULT_DOCUMENT_REQUIREMENTS, car, held, today, now).map(
        (problem) => problem.detail,
      );
    expect(blocking([])).toEqual(['Registration expired on Jun 13, 2026']);
    expect(blocking([{ endsAt: during, covers: ['vehicle:v-1:registration'] }])).toEqual([]);
    // The driver's own override covers their own papers, not the car's.
    expect(blocking(overrides)).toEqual(['Registration expired on Jun 13, 2026']);
  });

  it('once the licence is renewed, covers nothing: the registration alone suspends', () => {
    const compliance = assessCompliance({ ...base, vehicle: expiredRegistration, overrides });
    expect(compliance).toMatchObject({ isCompliant: false, isOverridden: false });
    expect(suspendsDriver(compliance, true)).toBe(true);
    expect(overrideUpkeep(overrides[0]!, compliance, now)).toEqual({ action: 'end' });
  });

  it('covers a licence replaced by another that has expired too (the same paper), not the same type of another vehicle', () => {
    const replacedLicence = replace(driverDocuments, 'licence', good('licence', '2026-06-10'));
    expect(
      assessCompliance({ ...base, driverDocuments: replacedLicence, overrides }).isCompliant,
    ).toBe(true);
    const vehicleOverride = [{ endsAt: during, covers: ['vehicle:v-1:registration'] }];
    expect(
      assessCompliance({ ...base, vehicle: expiredRegistration, overrides: vehicleOverride })
        .isCompliant,
    ).toBe(true);
    expect(
      assessCompliance({
        ...base,
        vehicle: { ...expiredRegistration, id: 'v-2' },
        overrides: vehicleOverride,
      }).isCompliant,
    ).toBe(false);
  });

  it('an override from before the papers were recorded covers what has expired, and the pass records that', () => {
    const legacy = { endsAt: during, covers: null };
    const compliance = assessCompliance({
      ...base,
      driverDocuments: expiredLicence,
      vehicle: expiredRegistration,
      overrides: [legacy],
    });
    expect(compliance.isCompliant).toBe(true);
    expect(overrideUpkeep(legacy, compliance, now)).toEqual({
      action: 'record',
      covers: ['driver:licence', 'vehicle:v-1:registration'],
    });
    expect(overrideUpkeep(legacy, assessCompliance(base), now)).toEqual({ action: 'end' });
  });

  it('keeps an override while what it covers is still expired, and ignores one past its end', () => {
    const compliance = assessCompliance({ ...base, driverDocuments: expiredLicence, overrides });
    expect(overrideUpkeep(overrides[0]!, compliance, now)).toEqual({ action: 'keep' });
    const ended = [{ endsAt: '2026-06-15T01:00:00Z', covers: granted }];
    expect(
      assessCompliance({ ...base, driverDocuments: expiredLicence, overrides: ended }).isCompliant,
    ).toBe(false);
  });
});

describe('suspendsDriver', () => {
  const expiredLicence = replace(driverDocuments, 'licence', good('licence', '2026-06-01'));
  const rejectedLicence = replace(driverDocuments, 'licence', {
    ...good('licence'),
    isRejected: true,
  });
  const missingLicence = replace(driverDocuments, 'licence', null);
  const overrides = [{ endsAt: '2026-06-16T00:00:00Z', covers: ['driver:licence'] }];
  it.each([
    [
      'an expired licence, a driver who has driven',
      { driverDocuments: expiredLicence },
      true,
      true,
    ],
    [
      'a rejected licence, a driver who has driven',
      { driverDocuments: rejectedLicence },
      true,
      true,
    ],
    [
      'an expired licence under an override',
      { driverDocuments: expiredLicence, overrides },
      true,
      false,
    ],
    ['a missing licence (waits for papers)', { driverDocuments: missingLicence }, true, false],
    ['papers in order', {}, true, false],
    // Spec section 5: an expired document suspends the account, whoever holds it.
    [
      'an expired first upload, a driver who never drove',
      { driverDocuments: expiredLicence },
      false,
      true,
    ],
    [
      'an expired licence under an override, a driver who never drove',
      { driverDocuments: expiredLicence, overrides },
      false,
      false,
    ],
    [
      'a rejected first upload, a driver who never drove',
      { driverDocuments: rejectedLicence },
      false,
      false,
    ],
  ])('%s', (_case, change, hasDriven, expected) => {
    expect(suspendsDriver(assessCompliance({ ...base, ...change }), hasDriven)).toBe(expected);
  });
});

describe('overrideEndRefusal', () => {
  it.each([
    ['2026-06-15T02:00:00Z', 'must be in the future'],
    ['2026-06-22T02:00:01Z', 'must be at most 7 days ahead'],
    ['not a date', 'enter a date and time'],
  ])('refuses an override ending at %s: %s', (endsAt, refusal) => {
    expect(overrideEndRefusal(new Date(endsAt), now)).toBe(refusal);
  });

  it('takes an end later today or exactly 7 days ahead', () => {
    expect(overrideEndRefusal(new Date('2026-06-15T02:00:01Z'), now)).toBeNull();
    expect(overrideEndRefusal(new Date('2026-06-22T02:00:00Z'), now)).toBeNull();
  });
});
