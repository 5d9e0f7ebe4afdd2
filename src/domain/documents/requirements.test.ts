import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  documentTypeKey,
  isSpecRequiredType,
  matchingDocumentType,
  repeatedDocumentType,
  RequiredDocumentTypeSchema,
  withSpecLabels,
} from './requirements';

describe('documentTypeKey', () => {
  it.each([
    ['Medical certificate', 'medical-certificate'],
    ['Working With Children Check (WA)', 'working-with-children-check-wa'],
    ['  Café   première ', 'cafe-premiere'],
    ['A'.repeat(60), 'a'.repeat(40)],
  ])('names %s as %s, a key the requirements setting accepts', (label, key) => {
    expect(documentTypeKey(label)).toBe(key);
    expect(RequiredDocumentTypeSchema.safeParse({ key, label }).success).toBe(true);
  });
});

describe('isSpecRequiredType', () => {
  it("keeps spec section 5's six, and only those", () => {
    expect(isSpecRequiredType('driver', 'ptd')).toBe(true);
    expect(isSpecRequiredType('vehicle', 'insurance')).toBe(true);
    expect(isSpecRequiredType('driver', 'insurance')).toBe(false);
    expect(isSpecRequiredType('driver', 'medical-certificate')).toBe(false);
  });
});

describe("the spec's six types", () => {
  it("are labelled in the spec's words (section 5), on their stored keys", () => {
    expect(DEFAULT_DOCUMENT_REQUIREMENTS).toEqual({
      driver: [
        { key: 'licence', label: "Driver's licence" },
        { key: 'ptd', label: 'PTD authorization' },
        { key: 'police-certificate', label: 'National police clearance' },
      ],
      vehicle: [
        { key: 'registration', label: 'Registration' },
        { key: 'ptv', label: 'PTV authorization' },
        { key: 'insurance', label: 'Comprehensive insurance with rideshare coverage' },
      ],
    });
  });

  it('keep those labels in a setting saved with older words; added types keep their own', () => {
    const saved = {
      driver: [
        { key: 'licence', label: "Driver's licence" },
        { key: 'ptd', label: 'PTD authorisation' },
        { key: 'police-certificate', label: 'National police certificate' },
        { key: 'medical-certificate', label: 'Medical certificate' },
      ],
      vehicle: [
        { key: 'registration', label: 'Registration' },
        { key: 'ptv', label: 'PTV authorisation' },
        { key: 'insurance', label: 'Comprehensive insurance with rideshare cover' },
      ],
    };
    expect(withSpecLabels(saved)).toEqual({
      driver: [
        ...DEFAULT_DOCUMENT_REQUIREMENTS.driver,
        { key: 'medical-certificate', label: 'Medical certificate' },
      ],
      vehicle: DEFAULT_DOCUMENT_REQUIREMENTS.vehicle,
    });
  });
});

describe('matchingDocumentType', () => {
  const driverTypes = DEFAULT_DOCUMENT_REQUIREMENTS.driver;

  it.each(["driver's LICENCE", 'Drivers licence', '  DRIVER S  LICENCE ', 'driver’s licence'])(
    "finds Driver's licence again in %j (case, spaces and punctuation aside)",
    (label) => {
      expect(matchingDocumentType(driverTypes, label)?.key).toBe('licence');
    },
  );

  it.each(['Licence', "Driver's licence class C", 'Medical certificate'])(
    'finds no type in %j, whose letters differ',
    (label) => {
      expect(matchingDocumentType(driverTypes, label)).toBeUndefined();
    },
  );

  it('names the later of two types that read the same, and the one it repeats', () => {
    const repeated = repeatedDocumentType([
      ...driverTypes,
      { key: 'driver-s-licence', label: "driver's LICENCE" },
    ]);
    expect(repeated?.type.key).toBe('driver-s-licence');
    expect(repeated?.existing.key).toBe('licence');
    expect(repeatedDocumentType(driverTypes)).toBeUndefined();
  });
});
