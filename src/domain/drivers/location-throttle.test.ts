import { describe, expect, it } from 'vitest';
import { PERTH_CENTRE } from '../maps';
import { shouldSendPosition } from './location-throttle';

// 0.00009° of latitude is about 10 m.
const north = (meters: number) => ({
  lat: PERTH_CENTRE.lat + (meters / 10) * 0.00009,
  lng: PERTH_CENTRE.lng,
});
const last = { position: north(0), at: 100_000 };

describe('shouldSendPosition', () => {
  it('sends the first position at once', () => {
    expect(shouldSendPosition(null, north(0), 0)).toBe(true);
  });

  it('sends after 25 m of movement once 5 s have passed', () => {
    expect(shouldSendPosition(last, north(30), last.at + 5_000)).toBe(true);
    expect(shouldSendPosition(last, north(20), last.at + 5_000)).toBe(false);
  });

  it('never sends sooner than 5 s after the last, however far the phone moved', () => {
    expect(shouldSendPosition(last, north(500), last.at + 4_999)).toBe(false);
  });

  it('sends every 15 s while standing still', () => {
    expect(shouldSendPosition(last, north(0), last.at + 14_999)).toBe(false);
    expect(shouldSendPosition(last, north(0), last.at + 15_000)).toBe(true);
  });

  it('waits 5 s after a failed try before trying again, even with nothing sent yet', () => {
    const failedAt = 200_000;
    expect(shouldSendPosition(null, north(0), failedAt + 1_000, failedAt)).toBe(false);
    expect(shouldSendPosition(last, north(500), failedAt + 4_999, failedAt)).toBe(false);
    expect(shouldSendPosition(null, north(0), failedAt + 5_000, failedAt)).toBe(true);
    expect(shouldSendPosition(last, north(500), failedAt + 5_000, failedAt)).toBe(true);
  });
});
