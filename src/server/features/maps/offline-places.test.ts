import { beforeAll, describe, expect, it, vi } from 'vitest';
import { haversineMeters } from '../../../domain/maps';
import { loadAustralianLocalities, type Locality } from './gazetteer';
import { createOfflinePlacesProvider, MAX_SUGGESTIONS } from './offline-places';
import { PERTH_PLACES } from './perth-places';

const places = createOfflinePlacesProvider();
let localities: Locality[];

beforeAll(async () => {
  localities = await loadAustralianLocalities();
  await places.warmUp();
}, 30_000);

const labelsFor = async (query: string) => (await places.autocomplete(query)).map((s) => s.label);
const idsFor = async (query: string) => (await places.autocomplete(query)).map((s) => s.id);

describe('offline autocomplete', () => {
  it('answers nothing for a query shorter than two characters', async () => {
    await expect(places.autocomplete('f')).resolves.toEqual([]);
    await expect(places.autocomplete('  ')).resolves.toEqual([]);
  });

  it('lists curated places first, then the locality', async () => {
    const suggestions = await places.autocomplete('fremantle');
    expect(suggestions.slice(0, 3).map((s) => s.id)).toEqual([
      'poi:fremantle',
      'poi:fremantle-passenger-terminal',
      'poi:fremantle-prison',
    ]);
    expect(suggestions).toContainEqual({
      id: 'loc:wa:6160:fremantle',
      label: 'Fremantle WA 6160, Australia',
    });
  });

  it('ignores case and surrounding spaces', async () => {
    expect(await idsFor('  FREMANTLE ')).toEqual(await idsFor('fremantle'));
  });

  it('matches a curated place on any word of its name or address', async () => {
    expect(await idsFor('airport')).toEqual(
      expect.arrayContaining([
        'poi:perth-airport-t1',
        'poi:perth-airport-t2',
        'poi:perth-airport-t3',
        'poi:perth-airport-t4',
      ]),
    );
    expect((await idsFor('t3'))[0]).toBe('poi:perth-airport-t3');
    expect((await idsFor('adelaide terr'))[0]).toBe('poi:hyatt-regency-perth');
    expect((await idsFor("children's"))[0]).toBe('poi:perth-childrens-hospital');
    expect((await idsFor('childrens'))[0]).toBe('poi:perth-childrens-hospital');
  });

  it('shows a curated place with its full address and what kind of place it is', async () => {
    const [suggestion] = await places.autocomplete('crown towers');
    expect(suggestion).toEqual({
      id: 'poi:crown-towers-perth',
      label: 'Crown Towers Perth, Great Eastern Highway, Burswood WA 6100, Australia',
      secondary: 'Hotel',
    });
  });

  it('lists Western Australian localities before namesakes in other states', async () => {
    const labels = await labelsFor('clifton');
    expect(labels[0]).toBe('Clifton WA 6210, Australia');
    expect(labels).toContain('Clifton NSW 2515, Australia');
  });

  it('puts the exact locality before longer names that start with it', async () => {
    const localitiesOnly = createOfflinePlacesProvider({
      places: [],
      loadLocalities: async () => localities,
    });
    const ids = (await localitiesOnly.autocomplete('perth')).map((s) => s.id);
    expect(ids.slice(0, 2)).toEqual(['loc:wa:6000:perth', 'loc:wa:6105:perth-airport']);
    expect(ids).toContain('loc:tas:7300:perth');
    expect(ids.indexOf('loc:tas:7300:perth')).toBeGreaterThan(
      ids.indexOf('loc:wa:6105:perth-airport'),
    );
  });

  it("finds 'Mt Lawley' as Mount Lawley", async () => {
    expect(await idsFor('mt lawley')).toContain('loc:wa:6050:mount-lawley');
  });

  it('matches a postcode query by postcode', async () => {
    const ids = await idsFor('6160');
    expect(ids).toContain('loc:wa:6160:fremantle');
    expect(ids.filter((id) => id.startsWith('loc:')).every((id) => id.includes(':6160:'))).toBe(
      true,
    );
  });

  // The README's 'Run it' says this: without a maps provider, street addresses are not found.
  it('finds no street address, only suburbs, postcodes and the built-in Perth places', async () => {
    expect(await labelsFor('12 Hay Street, Perth')).toEqual([]);
    expect(await labelsFor('45 Stirling Highway Nedlands')).toEqual([]);
    expect(await labelsFor('Nedlands')).toContain('Nedlands WA 6009, Australia');
    expect(await labelsFor('6009')).toContain('Nedlands WA 6009, Australia');
    expect((await idsFor('perth airport'))[0]).toMatch(/^poi:perth-airport-/);
    // 'about 55 well-known Perth places'
    expect(PERTH_PLACES.length).toBeGreaterThanOrEqual(50);
    expect(PERTH_PLACES.length).toBeLessThanOrEqual(60);
  });

  it(`returns at most ${MAX_SUGGESTIONS} suggestions`, async () => {
    for (const query of ['pe', 'ma', 'hotel', 'wa', '60', 'mount']) {
      expect((await places.autocomplete(query)).length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    }
    expect(await places.autocomplete('ma')).toHaveLength(MAX_SUGGESTIONS);
  });

  it('never offers PO boxes or postal facilities', async () => {
    expect(await labelsFor('perth bc')).not.toContain('Perth Bc WA 6849, Australia');
    expect(await labelsFor('nedlands dc')).toEqual([]);
    // 6001 is the Perth PO box postcode.
    expect((await idsFor('6001')).filter((id) => id.startsWith('loc:'))).toEqual([]);
  });
});

describe('offline details', () => {
  it('resolves a curated place id', async () => {
    await expect(places.details('poi:perth-airport-t1')).resolves.toEqual({
      id: 'poi:perth-airport-t1',
      address: 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105, Australia',
      lat: -31.9404,
      lng: 115.9668,
    });
  });

  it('resolves a locality id to its centroid', async () => {
    const place = await places.details('loc:wa:6160:fremantle');
    expect(place).toMatchObject({
      id: 'loc:wa:6160:fremantle',
      address: 'Fremantle WA 6160, Australia',
    });
    expect(haversineMeters(place!, { lat: -32.0569, lng: 115.7439 })).toBeLessThan(3000);
  });

  it('answers null for an unknown id', async () => {
    await expect(places.details('poi:nowhere')).resolves.toBeNull();
    await expect(places.details('loc:wa:9999:nowhere')).resolves.toBeNull();
    await expect(places.details('ChIJy1S0sSi7MioRwoRj9U4hxOk')).resolves.toBeNull();
  });

  it('resolves every suggested id', async () => {
    for (const suggestion of await places.autocomplete('kings')) {
      await expect(places.details(suggestion.id)).resolves.toMatchObject({ id: suggestion.id });
    }
  });
});

describe('gazetteer loading', () => {
  it('loads nothing until a locality is needed, and loads once for concurrent first searches', async () => {
    const loadLocalities = vi.fn(async () => localities);
    const lazy = createOfflinePlacesProvider({ loadLocalities });
    await lazy.details('poi:perth-cbd');
    expect(loadLocalities).not.toHaveBeenCalled();
    await Promise.all([
      lazy.autocomplete('perth'),
      lazy.autocomplete('fremantle'),
      lazy.details('loc:wa:6000:perth'),
    ]);
    expect(loadLocalities).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const loadLocalities = vi
      .fn<() => Promise<Locality[]>>()
      .mockRejectedValueOnce(new Error('EACCES'))
      .mockResolvedValue(localities);
    const lazy = createOfflinePlacesProvider({ loadLocalities });
    await expect(lazy.autocomplete('subiaco')).rejects.toThrow('EACCES');
    await expect(lazy.autocomplete('subiaco')).resolves.toContainEqual({
      id: 'loc:wa:6008:subiaco',
      label: 'Subiaco WA 6008, Australia',
    });
  });

  it('keeps a compact, de-duplicated list of Australian localities', () => {
    expect(localities.length).toBeGreaterThan(15_000);
    expect(new Set(localities.map((locality) => locality.id)).size).toBe(localities.length);
    expect(
      localities.filter((locality) => locality.name === 'Perth' && locality.state === 'WA'),
    ).toHaveLength(1);
  });
});

describe('curated Perth places', () => {
  it('have unique slugs', () => {
    expect(new Set(PERTH_PLACES.map((place) => place.slug)).size).toBe(PERTH_PLACES.length);
  });

  it('each lie within 5 km of the centre of the suburb in their address', () => {
    for (const place of PERTH_PLACES) {
      const [, suburb, postcode] = /(?:^|, )([^,]+) WA (\d{4})$/.exec(place.address) ?? [];
      const locality = localities.find(
        (candidate) =>
          candidate.state === 'WA' && candidate.name === suburb && candidate.postcode === postcode,
      );
      expect(locality, place.slug).toBeDefined();
      expect(haversineMeters(place, locality!), place.slug).toBeLessThan(5000);
    }
  });
});
