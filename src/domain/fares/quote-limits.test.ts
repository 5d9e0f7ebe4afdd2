import { describe, expect, it } from 'vitest';
import { QuoteInputSchema } from './quote-fare';
import {
  MAX_QUOTE_DISTANCE_METERS,
  MAX_QUOTE_DURATION_SECONDS,
  quoteLimitExceeded,
} from './quote-limits';

describe('quoteLimitExceeded', () => {
  it('prices a route up to 2,000 km and 48 hours, both limits included', () => {
    expect(
      quoteLimitExceeded({
        distanceMeters: MAX_QUOTE_DISTANCE_METERS,
        durationSeconds: MAX_QUOTE_DURATION_SECONDS,
      }),
    ).toBeNull();
  });

  it('names the length of a route past 2,000 km, and the driving time past 48 hours', () => {
    expect(quoteLimitExceeded({ distanceMeters: 4_265_100, durationSeconds: 181_320 })).toBe(
      'distance',
    );
    expect(quoteLimitExceeded({ distanceMeters: 1_500_000, durationSeconds: 172_801 })).toBe(
      'duration',
    );
  });

  it('agrees with the quote request schema the server checks', () => {
    for (const route of [
      { distanceMeters: MAX_QUOTE_DISTANCE_METERS, durationSeconds: 0 },
      { distanceMeters: MAX_QUOTE_DISTANCE_METERS + 1, durationSeconds: 0 },
      { distanceMeters: 0, durationSeconds: MAX_QUOTE_DURATION_SECONDS + 1 },
    ]) {
      const accepted = QuoteInputSchema.safeParse({
        ...route,
        vehicleType: 'Standard HUG',
      }).success;
      expect(quoteLimitExceeded(route) === null).toBe(accepted);
    }
  });
});
