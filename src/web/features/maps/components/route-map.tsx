import { lazy, Suspense, useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { DEFAULT_TILE_URL, usePublicSettings } from '../../settings/api/get-public-settings';
import type { LatLngTuple } from '../types';
import type { MapMarker } from './map-markers';
import { MapErrorBoundary, MapPlaceholder } from './map-fallback';

// Leaflet, react-leaflet and Leaflet's CSS arrive in their own chunk, when a map is shown.
const LeafletRouteMap = lazy(() => import('./leaflet-route-map'));

export type RouteMapProps = {
  height: number;
  markers: MapMarker[];
  /** The route's line, [lat, lng] pairs; null before a route is calculated. */
  geometry: LatLngTuple[] | null;
  /**
   * When Leaflet is fetched: once the map scrolls into view (default), or
   * only once a route is drawn (the widget, whose map is in view at once).
   */
  loadWhen?: 'in-view' | 'route';
};

/**
 * The route map: Perth at zoom 12, pins for pickup, stops and dropoff, and the
 * route's line once calculated. The box keeps its height while Leaflet loads,
 * so nothing below it jumps.
 */
export function RouteMap({ height, markers, geometry, loadWhen = 'in-view' }: RouteMapProps) {
  const settings = usePublicSettings();
  const tileUrl = settings.data?.tileUrl ?? (settings.isError ? DEFAULT_TILE_URL : null);
  // Leaflet is fetched once the map scrolls into view (below the form on a
  // phone) or a route is drawn, not with the page.
  const { ref, inViewport } = useInViewport();
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if ((inViewport && loadWhen === 'in-view') || geometry) setIsShown(true);
  }, [inViewport, geometry, loadWhen]);

  return (
    <Box
      ref={ref}
      role="region"
      aria-label="Route map"
      h={height}
      pos="relative"
      // Leaflet's panes use z-index 400 and up; keep them under dropdowns and the header.
      style={{ isolation: 'isolate', overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {isShown ? (
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <LeafletRouteMap
              height={height}
              tileUrl={tileUrl}
              markers={markers}
              geometry={geometry}
            />
          </Suspense>
        </MapErrorBoundary>
      ) : loadWhen === 'route' ? (
        // Nothing is loading yet: a plain box, no spinner.
        <Box h="100%" bg="gray.1" />
      ) : (
        <MapPlaceholder />
      )}
    </Box>
  );
}
