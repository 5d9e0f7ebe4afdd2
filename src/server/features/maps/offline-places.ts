import { haversineMeters, type LatLng } from '../../../domain/maps';
import { normalizeSearchText } from './australian-address';
import { loadAustralianLocalities, type Locality } from './gazetteer';
import { PERTH_PLACES, type PerthPlace } from './perth-places';
import type { Place, PlaceSuggestion, PlacesProvider } from './types';

export const MIN_QUERY_LENGTH = 2;
export const MAX_SUGGESTIONS = 8;

const POI_PREFIX = 'poi:';
const LOCALITY_PREFIX = 'loc:';

/** Ids the offline provider can always resolve, whichever provider is configured. */
export function isOfflinePlaceId(id: string): boolean {
  return id.startsWith(POI_PREFIX) || id.startsWith(LOCALITY_PREFIX);
}

/** Farther than this from every locality's centre, a point is near none of them. */
export const NEAR_LOCALITY_METERS = 25_000;

export type NearestLocality = { label: string; distanceMeters: number };

export type OfflinePlacesProvider = PlacesProvider & {
  /** Loads and indexes the gazetteer now rather than on the first search. */
  warmUp(): Promise<void>;
  /** The locality whose centre is nearest the point, within NEAR_LOCALITY_METERS; else null. */
  nearestLocality(point: LatLng): Promise<NearestLocality | null>;
};

export type OfflinePlacesOptions = {
  loadLocalities?: () => Promise<Locality[]>;
  places?: readonly PerthPlace[];
};

export function createOfflinePlacesProvider(
  options: OfflinePlacesOptions = {},
): OfflinePlacesProvider {
  const loadLocalities = options.loadLocalities ?? loadAustralianLocalities;
  const curated = (options.places ?? PERTH_PLACES).map(indexCuratedPlace);
  const curatedById = new Map(curated.map((place) => [place.id, place]));
  let localityIndex: Promise<LocalityIndex> | undefined;

  const getLocalityIndex = (): Promise<LocalityIndex> => {
    if (!localityIndex) {
      const loading = loadLocalities().then(buildLocalityIndex);
      // Forget a failed load so the next search tries again.
      loading.catch(() => {
        if (localityIndex === loading) localityIndex = undefined;
      });
      localityIndex = loading;
    }
    return localityIndex;
  };

  return {
    name: 'offline',

    async warmUp() {
      await getLocalityIndex();
    },

    async autocomplete(query) {
      const normalized = normalizeSearchText(query);
      if (normalized.length < MIN_QUERY_LENGTH) return [];
      const suggestions = searchCuratedPlaces(curated, normalized);
      if (suggestions.length < MAX_SUGGESTIONS) {
        const index = await getLocalityIndex();
        const localities = searchLocalities(
          index,
          normalized,
          MAX_SUGGESTIONS - suggestions.length,
        );
        suggestions.push(...localities.map(toLocalitySuggestion));
      }
      return suggestions.slice(0, MAX_SUGGESTIONS);
    },

    async nearestLocality(point) {
      let nearest: NearestLocality | null = null;
      for (const locality of (await getLocalityIndex()).byId.values()) {
        const distanceMeters = haversineMeters(point, locality);
        if (
          distanceMeters <= NEAR_LOCALITY_METERS &&
          distanceMeters < (nearest?.distanceMeters ?? Infinity)
        ) {
          nearest = {
            // 'Redcliffe WA 6104': the suburb a driver reads, without the country.
            label: `${locality.name} ${locality.state} ${locality.postcode}`,
            distanceMeters: Math.round(distanceMeters),
          };
        }
      }
      return nearest;
    },

    async details(id) {
      const place = curatedById.get(id);
      if (place) return { id, address: place.label, lat: place.lat, lng: place.lng };
      if (!id.startsWith(LOCALITY_PREFIX)) return null;
      const locality = (await getLocalityIndex()).byId.get(id);
      return locality ? toPlace(locality) : null;
    },
  };
}

type CuratedEntry = {
  id: string;
  label: string;
  kind: string;
  lat: number;
  lng: number;
  normalizedName: string;
  words: string[];
};

function indexCuratedPlace(place: PerthPlace): CuratedEntry {
  const text = [place.name, place.address, ...(place.keywords ?? [])].join(' ');
  return {
    id: `${POI_PREFIX}${place.slug}`,
    label: `${place.name}, ${place.address}, Australia`,
    kind: place.kind,
    lat: place.lat,
    lng: place.lng,
    normalizedName: normalizeSearchText(place.name),
    words: [...new Set(normalizeSearchText(text).split(' '))],
  };
}

/** Every query word must start some word of the name, address or keywords. */
function searchCuratedPlaces(places: CuratedEntry[], query: string): PlaceSuggestion[] {
  const queryWords = query.split(' ');
  const matches = places.filter((place) =>
    queryWords.every((queryWord) => place.words.some((word) => word.startsWith(queryWord))),
  );
  const startsWithQuery = (place: CuratedEntry) => (place.normalizedName.startsWith(query) ? 0 : 1);
  // Array.prototype.sort is stable, so ties keep the curated order.
  matches.sort((a, b) => startsWithQuery(a) - startsWithQuery(b));
  return matches.map((place) => ({ id: place.id, label: place.label, secondary: place.kind }));
}

type LocalityTier = { byKey: Locality[]; byPostcode: Locality[] };

type LocalityIndex = {
  /** Western Australia first, then the other states. */
  tiers: [LocalityTier, LocalityTier];
  byId: Map<string, Locality>;
};

function buildLocalityIndex(localities: Locality[]): LocalityIndex {
  const buildTier = (subset: Locality[]): LocalityTier => ({
    byKey: [...subset].sort((a, b) => compareText(a.key, b.key)),
    byPostcode: [...subset].sort(
      (a, b) => compareText(a.postcode, b.postcode) || compareText(a.key, b.key),
    ),
  });
  return {
    tiers: [
      buildTier(localities.filter((locality) => locality.state === 'WA')),
      buildTier(localities.filter((locality) => locality.state !== 'WA')),
    ],
    byId: new Map(localities.map((locality) => [locality.id, locality])),
  };
}

// People type 'Mt Lawley' and 'Saint Marys'; the dataset spells 'Mount' and 'St'.
const QUERY_WORD_ALIASES: Record<string, string> = { mt: 'mount', saint: 'st' };

function searchLocalities(index: LocalityIndex, query: string, limit: number): Locality[] {
  if (/^\d+$/.test(query)) {
    return index.tiers
      .flatMap((tier) => findByPrefix(tier.byPostcode, query, (locality) => locality.postcode))
      .slice(0, limit);
  }
  const words = query.split(' ');
  // The last word is still being typed, so it is never expanded.
  const expanded = words
    .map((word, position) =>
      position < words.length - 1 ? (QUERY_WORD_ALIASES[word] ?? word) : word,
    )
    .join(' ');
  const results: Locality[] = [];
  for (const tier of index.tiers) {
    const matches = findByPrefix(tier.byKey, expanded, (locality) => locality.key);
    // 'perth' puts Perth WA 6000 before Perth Airport WA 6105.
    const exactNameFirst = (locality: Locality) =>
      locality.key.startsWith(`${expanded} ${locality.state.toLowerCase()} `) ? 0 : 1;
    matches.sort((a, b) => exactNameFirst(a) - exactNameFirst(b));
    results.push(...matches);
    if (results.length >= limit) break;
  }
  return results.slice(0, limit);
}

/** All items whose sort key starts with `prefix`, by binary search for the first. */
function findByPrefix<T>(sorted: T[], prefix: string, keyOf: (item: T) => string): T[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareText(keyOf(sorted[middle] as T), prefix) < 0) low = middle + 1;
    else high = middle;
  }
  const matches: T[] = [];
  for (let position = low; position < sorted.length; position++) {
    const item = sorted[position] as T;
    if (!keyOf(item).startsWith(prefix)) break;
    matches.push(item);
  }
  return matches;
}

// Plain code-unit order: the prefix scan needs exactly the order startsWith implies.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toLocalitySuggestion(locality: Locality): PlaceSuggestion {
  return { id: locality.id, label: locality.label };
}

function toPlace(locality: Locality): Place {
  return { id: locality.id, address: locality.label, lat: locality.lat, lng: locality.lng };
}
