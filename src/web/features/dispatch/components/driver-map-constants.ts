import type { Availability } from '../../../../domain/drivers/api';

/** Spec 9: the dispatch map starts on Perth at zoom 13, with 256 px tiles up to zoom 18. */
export const DISPATCH_MAP_CENTRE: [number, number] = [-31.9523, 115.8613];
export const DISPATCH_MAP_ZOOM = 13;

/** Marker fills; Leaflet writes them as SVG attributes, where CSS variables do not work. */
export const AVAILABILITY_FILL: Record<Availability, string> = {
  free: '#2f9e44',
  busy: '#e8590c',
  away: '#868e96',
};

/** A suspended driver's marker: red, whatever their availability. */
export const SUSPENDED_FILL = '#c92a2a';

export const AVAILABILITY_LABEL: Record<Availability, string> = {
  free: 'Free',
  busy: 'Busy',
  away: 'Away',
};

export type MapPickup = { lat: number; lng: number; label: string };
