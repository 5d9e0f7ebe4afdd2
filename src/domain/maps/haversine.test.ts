import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METERS, haversineMeters, PERTH_CENTRE } from './index';

const FREMANTLE = { lat: -32.0569, lng: 115.7439 };

describe('haversineMeters', () => {
  it('is zero between a point and itself', () => {
    expect(haversineMeters(PERTH_CENTRE, PERTH_CENTRE)).toBe(0);
  });

  it('measures one degree of longitude on the equator as about 111.2 km', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195.08, 1);
  });

  it('gives the same distance in both directions', () => {
    expect(haversineMeters(PERTH_CENTRE, FREMANTLE)).toBe(haversineMeters(FREMANTLE, PERTH_CENTRE));
  });

  it('puts Fremantle about 15.8 km from the Perth CBD as the crow flies', () => {
    expect(haversineMeters(PERTH_CENTRE, FREMANTLE) / 1000).toBeCloseTo(15.8, 0);
  });

  it('measures half the circumference between antipodal points', () => {
    const distance = haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 });
    expect(distance).toBeCloseTo(Math.PI * EARTH_RADIUS_METERS, 3);
  });

  it('crosses the antimeridian the short way', () => {
    const distance = haversineMeters({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 });
    expect(distance / 1000).toBeCloseTo(111.2, 1);
  });
});
