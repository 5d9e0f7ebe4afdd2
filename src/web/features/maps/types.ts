import type { PlaceOnForm } from '../../../domain/maps/same-place';
import { pointAt } from '../../../domain/maps/coordinates';

/** An address the maps service has resolved to coordinates. */
/**
 * A place on the map. `proof` is the server's signature on a place its own
 * place service gave (GET /api/places/:id); an online booking sends it back
 * (decision 210). A place from elsewhere (a map click, a staff screen) has none.
 */
export type ResolvedPlace = { address: string; lat: number; lng: number; proof?: string };

/**
 * What an address field holds: the text shown, and the place it stands for
 * once a suggestion was chosen (null while the text is only typed).
 */
export type AddressValue = { text: string; place: ResolvedPlace | null };

export type LatLngTuple = [lat: number, lng: number];

/** A calculated route through pickup, the ordered stops and dropoff. */
export type PlannedRoute = {
  distanceMeters: number;
  durationSeconds: number;
  pickup: ResolvedPlace;
  dropoff: ResolvedPlace;
  stops: ResolvedPlace[];
  /** The line to draw, [lat, lng] pairs. */
  geometry: LatLngTuple[];
  /** True when distance and time are our estimate rather than a routing service's. */
  isEstimate: boolean;
};

export const EMPTY_ADDRESS: AddressValue = { text: '', place: null };

export function addressValueFrom(initial: ResolvedPlace | string | undefined): AddressValue {
  if (initial === undefined) return EMPTY_ADDRESS;
  if (typeof initial === 'string') return { text: initial, place: null };
  return { text: initial.address, place: initial };
}

/** A stored place as an address field's value: chosen when it has coordinates, typed otherwise. */
export function addressValueAt(text: string, lat: number | null, lng: number | null): AddressValue {
  const at = pointAt(lat, lng);
  return { text, place: at ? { address: text, ...at } : null };
}

/** An address field's value as the domain's place rules read it (isSamePlace). */
export function placeOnForm({ text, place }: AddressValue): PlaceOnForm {
  return { text, lat: place?.lat ?? null, lng: place?.lng ?? null };
}
