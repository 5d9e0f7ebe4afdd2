import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, quoteFare, toQuoteResponse } from '../../../domain/fares';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const quote = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { origin: TEST_ORIGIN },
    payload: payload as object,
  });

describe('POST /api/quotes', () => {
  it('prices a route for anyone, exactly as the domain rule does', async () => {
    const body = {
      distanceMeters: 12_300,
      durationSeconds: 1_200,
      vehicleType: 'Standard HUG',
      childSeats: false,
    };
    const response = await quote(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(toQuoteResponse(quoteFare(body as never)));
    expect(response.json()).toMatchObject({ baseRate: 5, durationMinutes: 20, roundedFare: 40 });
  });

  it('uses the tariff table from settings at once', async () => {
    await t.app.settings.write(
      'tariffs',
      {
        ...DEFAULT_TARIFFS,
        'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 900 },
      },
      null,
    );
    const response = await quote({
      distanceMeters: 12_300,
      durationSeconds: 1_200,
      vehicleType: 'Standard HUG',
    });
    expect(response.json().baseRate).toBe(9);
    await t.app.settings.write('tariffs', DEFAULT_TARIFFS, null);
  });

  it.each([
    [{ distanceMeters: -1, durationSeconds: 60, vehicleType: 'Standard HUG' }, 'distanceMeters'],
    [
      { distanceMeters: 5_000_000, durationSeconds: 60, vehicleType: 'Standard HUG' },
      'distanceMeters',
    ],
    [{ distanceMeters: 1000, durationSeconds: -5, vehicleType: 'Standard HUG' }, 'durationSeconds'],
    [
      { distanceMeters: 1000, durationSeconds: 1e9, vehicleType: 'Standard HUG' },
      'durationSeconds',
    ],
    [{ distanceMeters: 1000, durationSeconds: 60, vehicleType: 'Limousine' }, 'vehicleType'],
    [{ distanceMeters: '12', durationSeconds: 60, vehicleType: 'Imax 7' }, 'distanceMeters'],
    [
      { distanceMeters: 1000, durationSeconds: 60, vehicleType: 'Imax 7', childSeats: 'yes' },
      'childSeats',
    ],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const response = await quote(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect(response.json().error.message).toContain(field);
  });
});
