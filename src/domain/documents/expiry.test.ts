import { describe, expect, it } from 'vitest';
import {
  EXPIRED_NOT_VERIFIABLE,
  EXPIRED_REMINDER_THRESHOLD,
  UNDATED_NOT_VERIFIABLE,
  expiryStatus,
  reminderThreshold,
  renewalExpiryRefusal,
  verificationRefusal,
} from './expiry';

describe('expiryStatus', () => {
  it.each([
    [null, 'valid'],
    ['2026-08-01', 'valid'],
    ['2026-07-15', 'expiring'],
    ['2026-06-15', 'expiring'],
    ['2026-06-14', 'expired'],
  ] as const)('a document expiring %s is %s on 2026-06-15', (expiresOn, status) => {
    expect(expiryStatus(expiresOn, '2026-06-15')).toBe(status);
  });
});

describe('reminderThreshold', () => {
  it.each([
    [45, null],
    [30, 30],
    [15, 30],
    [14, 14],
    [12, 14],
    [8, 14],
    [7, 7],
    [5, 7],
    [1, 1],
    [0, 1],
    [-1, null],
  ] as const)('%s days before expiry: the %s-day reminder', (days, threshold) => {
    expect(reminderThreshold(days)).toBe(threshold);
  });

  it('gives an expired document the expired reminder only when asked (the business documents)', () => {
    expect(reminderThreshold(-1, { onceExpired: true })).toBe(EXPIRED_REMINDER_THRESHOLD);
    expect(reminderThreshold(-400, { onceExpired: true })).toBe(EXPIRED_REMINDER_THRESHOLD);
    expect(reminderThreshold(0, { onceExpired: true })).toBe(1);
    expect(reminderThreshold(45, { onceExpired: true })).toBeNull();
  });
});

describe('verificationRefusal', () => {
  const today = '2026-06-15';
  const on = (expiresOn: string | null) => ({ expiresOn, status: expiryStatus(expiresOn, today) });

  it("refuses a document whose expiry date is before today, naming the date in the app's style", () => {
    expect(verificationRefusal(on('2026-06-14'))).toBe(
      `expired on Jun 14, 2026. ${EXPIRED_NOT_VERIFIABLE}`,
    );
  });

  it('lets a document be verified through the day it expires, and one that does not expire', () => {
    expect(verificationRefusal(on('2026-06-15'))).toBeNull();
    expect(verificationRefusal(on('2026-07-01'))).toBeNull();
    expect(verificationRefusal(on(null))).toBeNull();
    expect(
      verificationRefusal({ ...on(null), type: 'police-certificate', driverId: 'd1' }),
    ).toBeNull();
  });

  it('refuses a paper that always expires stored without its date', () => {
    expect(verificationRefusal({ ...on(null), type: 'licence', driverId: 'd1' })).toBe(
      UNDATED_NOT_VERIFIABLE,
    );
    expect(
      verificationRefusal({ ...on(null), type: 'insurance', driverId: null, vehicleId: 'v1' }),
    ).toBe(UNDATED_NOT_VERIFIABLE);
    expect(
      verificationRefusal({ ...on('2026-07-01'), type: 'licence', driverId: 'd1' }),
    ).toBeNull();
  });
});

describe('renewalExpiryRefusal', () => {
  it('refuses a new version that expired before today', () => {
    expect(renewalExpiryRefusal('2020-05-05', '2026-06-15')).toBe(
      'cannot be in the past: a renewed document has a current expiry, or none',
    );
    expect(renewalExpiryRefusal('2026-06-14', '2026-06-15')).not.toBeNull();
  });

  it('takes an expiry of today or later, and none', () => {
    expect(renewalExpiryRefusal('2026-06-15', '2026-06-15')).toBeNull();
    expect(renewalExpiryRefusal('2027-06-15', '2026-06-15')).toBeNull();
    expect(renewalExpiryRefusal(null, '2026-06-15')).toBeNull();
  });
});
