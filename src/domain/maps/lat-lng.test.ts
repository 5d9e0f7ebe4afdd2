import { describe, expect, it } from 'vitest';
import { LatLngSchema, MAX_STOPOVERS, PERTH_CENTRE, RouteRequestSchema } from './index';

describe('LatLngSchema', () => {
  it('accepts the Perth centre and the extreme valid values', () => {
    expect(LatLngSchema.safeParse(PERTH_CENTRE).success).toBe(true);
    expect(LatLngSchema.safeParse({ lat: -90, lng: -180 }).success).toBe(true);
    expect(LatLngSchema.safeParse({ lat: 90, lng: 180 }).success).toBe(true);
  });

  it('rejects a latitude outside -90..90 and a longitude outside -180..180', () => {
    expect(LatLngSchema.safeParse({ lat: -90.01, lng: 0 }).success).toBe(false);
    expect(LatLngSchema.safeParse({ lat: 0, lng: 180.01 }).success).toBe(false);
  });

  it('rejects NaN, infinity and numeric strings', () => {
    expect(LatLngSchema.safeParse({ lat: Number.NaN, lng: 0 }).success).toBe(false);
    expect(LatLngSchema.safeParse({ lat: 0, lng: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(LatLngSchema.safeParse({ lat: '-31.95', lng: 115.86 }).success).toBe(false);
  });

  it('names the bad field', () => {
    const result = LatLngSchema.safeParse({ lat: 0, lng: 200 });
    expect(result.error?.issues[0]?.path).toEqual(['lng']);
  });
});

describe('RouteRequestSchema', () => {
  it('defaults stopovers to an empty list', () => {
    const parsed = RouteRequestSchema.parse({ origin: PERTH_CENTRE, destination: PERTH_CENTRE });
    expect(parsed.stopovers).toEqual([]);
  });

  it(`allows at most ${MAX_STOPOVERS} stopovers`, () => {
    const stopovers = Array.from({ length: MAX_STOPOVERS + 1 }, () => PERTH_CENTRE);
    const result = RouteRequestSchema.safeParse({
      origin: PERTH_CENTRE,
      destination: PERTH_CENTRE,
      stopovers,
    });
    expect(result.success).toBe(false);
  });
});
