import { describe, expect, it } from 'vitest';
import { ARRIVED_NEAR_METERS, farArrivalQuestion, farFromPickupMeters } from './arrival-distance';

const NOW = Date.parse('2026-11-30T04:00:00Z');
/** Perth Airport T1 and a point about 10 km west of it (Perth's CBD side). */
const AIRPORT = { lat: -31.9403, lng: 115.9669 };
const TEN_KM_WEST = { lat: -31.9403, lng: 115.8612 };

describe('farFromPickupMeters', () => {
  it('measures a fresh position far from the pickup', () => {
    const meters = farFromPickupMeters(AIRPORT, { ...TEN_KM_WEST, at: NOW - 30_000 }, NOW);
    expect(meters).toBeGreaterThan(9_900);
    expect(meters).toBeLessThan(10_100);
  });

  it('says nothing near the pickup, up to the limit', () => {
    expect(farFromPickupMeters(AIRPORT, { ...AIRPORT, at: NOW }, NOW)).toBeNull();
    // About 900 m east: within the kerb-and-car-park allowance.
    const near = { lat: AIRPORT.lat, lng: AIRPORT.lng + 0.0095, at: NOW };
    expect(farFromPickupMeters(AIRPORT, near, NOW)).toBeNull();
    expect(ARRIVED_NEAR_METERS).toBe(1_000);
  });

  it('says nothing without a pickup point, a position, or with a stale one', () => {
    expect(
      farFromPickupMeters({ lat: null, lng: null }, { ...TEN_KM_WEST, at: NOW }, NOW),
    ).toBeNull();
    expect(farFromPickupMeters(AIRPORT, null, NOW)).toBeNull();
    expect(farFromPickupMeters(AIRPORT, { ...TEN_KM_WEST, at: NOW - 3 * 60_000 }, NOW)).toBeNull();
  });
});

describe('farArrivalQuestion', () => {
  it('says how far, and why it matters', () => {
    expect(farArrivalQuestion(10_240)).toBe(
      "You are 10.2 km from the pickup. Arrived starts the passenger's no-show wait: mark it only once you are there.",
    );
  });
});
