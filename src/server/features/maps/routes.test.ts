import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const route = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/routes', headers: { origin: TEST_ORIGIN }, payload });

describe('maps API on the offline provider', () => {
  it('suggests Perth places and Australian localities for at least 2 characters', async () => {
    const response = await get('/api/places?q=fremantle');
    expect(response.statusCode).toBe(200);
    const labels = response.json().places.map((place: { label: string }) => place.label);
    expect(labels.some((label: string) => /Fremantle WA 6160/.test(label))).toBe(true);
  });

  it('refuses a one-character query naming q', async () => {
    const response = await get('/api/places?q=f');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('q');
  });

  it('gives the address and coordinates of a suggestion, and 404 for an unknown id', async () => {
    const [first] = (await get('/api/places?q=perth airport')).json().places;
    const details = await get(`/api/places/${encodeURIComponent(first.id)}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: first.id, address: expect.any(String) });
    expect(details.json().lat).toBeCloseTo(-31.94, 0);
    expect((await get('/api/places/poi%3Anowhere')).statusCode).toBe(404);
  });

  it('routes through ordered stopovers, summing the legs, marked as an estimate', async () => {
    const cbd = { lat: -31.9523, lng: 115.8613 };
    const fremantle = { lat: -32.0569, lng: 115.7439 };
    const subiaco = { lat: -31.9486, lng: 115.8237 };
    const direct = (await route({ origin: cbd, destination: fremantle })).json();
    const viaSubiaco = await route({ origin: cbd, destination: fremantle, stopovers: [subiaco] });
    expect(viaSubiaco.statusCode).toBe(200);
    expect(viaSubiaco.json().isEstimate).toBe(true);
    expect(viaSubiaco.json().distanceMeters).toBeGreaterThan(direct.distanceMeters);
    expect(viaSubiaco.json().geometry.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses coordinates off the globe naming the field', async () => {
    const response = await route({ origin: { lat: 95, lng: 0 }, destination: { lat: 0, lng: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('origin.lat');
  });

  it('names the locality a point is in or near, and none far out at sea', async () => {
    // A driver on Great Eastern Highway beside Perth Airport.
    const near = await get('/api/localities/nearest?lat=-31.94005&lng=115.96748');
    expect(near.statusCode).toBe(200);
    expect(near.json().locality.label).toBe('Redcliffe WA 6104');
    expect(near.json().locality.distanceMeters).toBeLessThan(5_000);
    const fremantle = await get('/api/localities/nearest?lat=-32.0560&lng=115.7470');
    expect(fremantle.json().locality.label).toBe('Fremantle WA 6160');
    const ocean = await get('/api/localities/nearest?lat=-32&lng=100');
    expect(ocean.json()).toEqual({ locality: null });
  });

  it.each([
    ['lat=95&lng=115', 'lat'],
    ['lat=-31.9&lng=abc', 'lng'],
    ['lng=115.8', 'lat'],
  ])('refuses %s naming the field', async (query, field) => {
    const response = await get(`/api/localities/nearest?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });
});
