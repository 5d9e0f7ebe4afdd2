import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateDriveSeconds, haversineMeters, ROAD_FACTOR } from '../../../domain/maps';
import { createOfflineRoutingProvider, estimateRoute } from './offline-routing';

const AIRPORT_T1 = { lat: -31.9485, lng: 115.976 };
const CBD = { lat: -31.9523, lng: 115.8613 };
const SUBIACO = { lat: -31.9455, lng: 115.8218 };
const FREMANTLE = { lat: -32.055, lng: 115.7477 };

describe('estimateDriveSeconds', () => {
  it('drives the first 3 km of a leg at 25 km/h', () => {
    expect(estimateDriveSeconds(3_000)).toBeCloseTo(432, 6);
  });

  it('drives from 3 to 15 km at 50 km/h', () => {
    expect(estimateDriveSeconds(15_000)).toBeCloseTo(432 + 864, 6);
  });

  it('drives beyond 15 km at 85 km/h', () => {
    expect(estimateDriveSeconds(100_000)).toBeCloseTo(432 + 864 + (85_000 / 85) * 3.6, 6);
  });

  it('takes no time for no distance', () => {
    expect(estimateDriveSeconds(0)).toBe(0);
  });

  it('never takes less time for a longer leg, and averages faster the longer it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        (a, b) => {
          const [shorter, longer] = a <= b ? [a, b] : [b, a];
          expect(estimateDriveSeconds(longer)).toBeGreaterThanOrEqual(
            estimateDriveSeconds(shorter),
          );
          const speed = (meters: number) => meters / estimateDriveSeconds(meters);
          expect(speed(longer)).toBeGreaterThanOrEqual(speed(shorter) - 1e-9);
        },
      ),
    );
  });
});

describe('offline route estimate', () => {
  it('is zero metres and zero seconds between identical points', () => {
    expect(estimateRoute({ origin: CBD, destination: CBD, stopovers: [] })).toEqual({
      distanceMeters: 0,
      durationSeconds: 0,
      geometry: [
        [CBD.lat, CBD.lng],
        [CBD.lat, CBD.lng],
      ],
      isEstimate: true,
      alternatives: [],
      provider: 'offline',
    });
  });

  it('stretches the great-circle distance by the road factor', () => {
    const result = estimateRoute({ origin: AIRPORT_T1, destination: CBD, stopovers: [] });
    expect(result.distanceMeters).toBe(Math.round(haversineMeters(AIRPORT_T1, CBD) * ROAD_FACTOR));
  });

  it('puts the airport (T1) to the CBD at 15 to 25 minutes, as locals expect off-peak', () => {
    const { durationSeconds } = estimateRoute({
      origin: AIRPORT_T1,
      destination: CBD,
      stopovers: [],
    });
    expect(durationSeconds / 60).toBeGreaterThan(15);
    expect(durationSeconds / 60).toBeLessThan(25);
  });

  it('sums the legs through the stopovers in order and draws straight segments through them', () => {
    const result = estimateRoute({ origin: CBD, destination: FREMANTLE, stopovers: [SUBIACO] });
    const firstLeg = haversineMeters(CBD, SUBIACO) * ROAD_FACTOR;
    const secondLeg = haversineMeters(SUBIACO, FREMANTLE) * ROAD_FACTOR;
    expect(result.distanceMeters).toBe(Math.round(firstLeg + secondLeg));
    expect(result.durationSeconds).toBe(
      Math.round(estimateDriveSeconds(firstLeg) + estimateDriveSeconds(secondLeg)),
    );
    expect(result.geometry).toEqual([
      [CBD.lat, CBD.lng],
      [SUBIACO.lat, SUBIACO.lng],
      [FREMANTLE.lat, FREMANTLE.lng],
    ]);
  });

  it('is served through the routing provider interface, marked as an estimate', async () => {
    const routing = createOfflineRoutingProvider();
    expect(routing.name).toBe('offline');
    await expect(
      routing.route({ origin: CBD, destination: FREMANTLE, stopovers: [] }),
    ).resolves.toMatchObject({
      isEstimate: true,
      alternatives: [],
      provider: 'offline',
    });
  });
});
