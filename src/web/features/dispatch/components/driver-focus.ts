import { useEffect, type RefObject } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';

/** Close enough to see the streets around the driver. */
const FOCUS_ZOOM = 15;

/**
 * The driver opened from Search (/dispatch?driver=<id>): the map centres on
 * their marker and opens its popup, once when it appears. Later position
 * reports move the marker without pulling the map back.
 */
export function useFocusMarker(marker: RefObject<L.CircleMarker | null>, isFocused: boolean) {
  const map = useMap();
  useEffect(() => {
    const layer = marker.current;
    if (!isFocused || !layer) return;
    map.setView(layer.getLatLng(), Math.max(map.getZoom(), FOCUS_ZOOM));
    layer.openPopup();
  }, [map, marker, isFocused]);
}
