import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlannedRoute } from '../../maps/types';
import { loadCalculatorSnapshot, saveCalculatorSnapshot } from './calculator-snapshot';
import { DEFAULT_TRIP_OPTIONS } from './trip-options';

const ROUTE: PlannedRoute = {
  distanceMeters: 12_345,
  durationSeconds: 1_490,
  pickup: { address: 'Perth Airport Terminal 1', lat: -31.9385, lng: 115.9672 },
  dropoff: { address: 'Fremantle WA 6160', lat: -32.0569, lng: 115.7439 },
  stops: [{ address: 'Perth WA 6000', lat: -31.9523, lng: 115.8613 }],
  geometry: [
    [-31.9385, 115.9672],
    [-31.9523, 115.8613],
    [-32.0569, 115.7439],
  ],
  isEstimate: false,
};

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('calculator snapshot', () => {
  it('gives back the priced route with its line, for its own history entry only', () => {
    saveCalculatorSnapshot('entry-1', { options: DEFAULT_TRIP_OPTIONS, route: ROUTE });

    expect(loadCalculatorSnapshot('entry-1')).toEqual({
      options: DEFAULT_TRIP_OPTIONS,
      route: ROUTE,
    });
    expect(loadCalculatorSnapshot('entry-2')).toBeNull();
  });

  it("gives a fresh page load's first entry back only on a reload or Back, not on a new visit", () => {
    // Written by an earlier page load of this tab, on its first entry ('default').
    saveCalculatorSnapshot('default', { options: DEFAULT_TRIP_OPTIONS, route: ROUTE });
    const stored = JSON.parse(window.sessionStorage.getItem('perth-chauffeur-ops:calculator')!);
    window.sessionStorage.setItem(
      'perth-chauffeur-ops:calculator',
      JSON.stringify({ ...stored, document: performance.timeOrigin - 60_000 }),
    );
    const loadedAs = (type: NavigationTimingType) => {
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
        { type } as PerformanceNavigationTiming,
      ]);
      return loadCalculatorSnapshot('default');
    };

    expect(loadedAs('navigate')).toBeNull();
    expect(loadedAs('reload')?.route).toEqual(ROUTE);
    expect(loadedAs('back_forward')?.route).toEqual(ROUTE);
  });

  it('keeps the route without its line when storage has no room for the line', () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (value.includes('"geometry"')) throw new DOMException('Full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });

    saveCalculatorSnapshot('entry-1', { options: DEFAULT_TRIP_OPTIONS, route: ROUTE });

    expect(loadCalculatorSnapshot('entry-1')?.route).toEqual({ ...ROUTE, geometry: [] });
  });

  it('forgets an earlier route of the entry when nothing can be stored', () => {
    saveCalculatorSnapshot('entry-1', { options: DEFAULT_TRIP_OPTIONS, route: ROUTE });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Full', 'QuotaExceededError');
    });

    saveCalculatorSnapshot('entry-1', { options: DEFAULT_TRIP_OPTIONS, route: null });

    expect(loadCalculatorSnapshot('entry-1')).toBeNull();
  });

  it.each(['null', '42', '"text"', '[]', '{"entry":"entry-1"}', 'not json'])(
    'reads %s as nothing kept',
    (text) => {
      window.sessionStorage.setItem('perth-chauffeur-ops:calculator', text);
      expect(loadCalculatorSnapshot('entry-1')).toBeNull();
    },
  );
});
