import { PERTH_CENTRE } from '../../../../domain/maps';
import type { LatLngTuple, ResolvedPlace } from '../types';

export type MapMarkerKind = 'pickup' | 'stop' | 'dropoff';

export type MapMarker = {
  kind: MapMarkerKind;
  /** Short text on the pin: 'P', '1', '2', ..., 'D'. */
  badge: string;
  /** 'Pickup', 'Stop 1', 'Dropoff': the tooltip's first words. */
  name: string;
  place: ResolvedPlace;
};

/** Spec section 9: the calculator map is centred on Perth at zoom 12. */
export const CALCULATOR_MAP_ZOOM = 12;
export const MAP_CENTRE: LatLngTuple = [PERTH_CENTRE.lat, PERTH_CENTRE.lng];
export const TILE_SIZE = 256;
export const TILE_MAX_ZOOM = 18;
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Pins for the places known so far, in travel order. */
export function routeMarkers(
  pickup: ResolvedPlace | null,
  stops: (ResolvedPlace | null)[],
  dropoff: ResolvedPlace | null,
): MapMarker[] {
  const markers: MapMarker[] = [];
  if (pickup) markers.push({ kind: 'pickup', badge: 'P', name: 'Pickup', place: pickup });
  stops.forEach((place, index) => {
    if (place) {
      const number = String(index + 1);
      markers.push({ kind: 'stop', badge: number, name: `Stop ${number}`, place });
    }
  });
  if (dropoff) markers.push({ kind: 'dropoff', badge: 'D', name: 'Dropoff', place: dropoff });
  return markers;
}
