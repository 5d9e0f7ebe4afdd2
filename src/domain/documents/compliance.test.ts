import { describe, expect, it } from 'vitest';
import { assessCompliance, complianceRefusal, type HeldDocument } from './compliance';
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
  registration: '1ABC234',
  documents: [good('registration'), good('ptv'), good('insurance')],
};
const base = {
  requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
  driverDocuments,
  vehicle,
  overrideEndsAt: null,
  today,
  now,
};

function replace(documents: HeldDocument[], type: string, by: HeldDocument | null) {
  return documents.flatMap((document) => (document.type === type ? (by ? [by] : []) : [document]));
}

describe('assessCompliance', () => {
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
      'a PTD authorisation not yet verified',
      {
        ...base,
        driverDocuments: replace(driverDocuments, 'ptd', { ...good('ptd'), isVerified: false }),
      },
      false,
      ['PTD authorisation is not verified'],
    ],
    [
      'a licence that expired yesterday',
      {
        ...base,
        driverDocuments: replace(driverDocuments, 'licence', good('licence', '2026-06-14')),
      },
      false,
      ["Driver's licence expired on 2026-06-14"],
    ],
    [
      "the vehicle's insurance missing",
      {
        ...base,
        vehicle: { ...vehicle, documents: replace(vehicle.documents, 'insurance', null) },
      },
      false,
      ['Vehicle 1ABC234: Comprehensive insurance with rideshare cover is missing'],
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

  it('an override lets a driver with an expired document work until it ends', () => {
    const expired = {
      ...base,
      driverDocuments: replace(driverDocuments, 'ptd', good('ptd', '2026-06-01')),
    };
    const during = assessCompliance({ ...expired, overrideEndsAt: '2026-06-16T00:00:00Z' });
    expect(during).toMatchObject({ isCompliant: true, isOverridden: true, hasExpired: true });
    const after = assessCompliance({ ...expired, overrideEndsAt: '2026-06-15T01:00:00Z' });
    expect(after).toMatchObject({ isCompliant: false, isOverridden: false });
  });

  it('the refusal names every problem', () => {
    const compliance = assessCompliance({
      ...base,
      driverDocuments: replace(driverDocuments, 'licence', null),
      vehicle: { ...vehicle, documents: replace(vehicle.documents, 'ptv', null) },
    });
    expect(complianceRefusal(compliance, 'Ann Lee')).toBe(
      "Ann Lee cannot work until these documents are in order: Driver's licence is missing; Vehicle 1ABC234: PTV authorisation is missing.",
    );
    expect(complianceRefusal(assessCompliance(base), 'Ann Lee')).toBeNull();
  });
});
