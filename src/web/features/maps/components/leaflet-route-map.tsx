import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { LatLngTuple } from '../types';
import {
  CALCULATOR_MAP_ZOOM,
  MAP_CENTRE,
  OSM_ATTRIBUTION,
  TILE_MAX_ZOOM,
  TILE_SIZE,
  type MapMarker,
  type MapMarkerKind,
} from './map-markers';
import classes from './route-map.module.css';

/** Loaded lazily (with Leaflet and its CSS) by route-map.tsx. */
export type LeafletRouteMapProps = {
  height: number;
  /** Null until the public settings arrive; the map shows without tiles meanwhile. */
  tileUrl: string | null;
  markers: MapMarker[];
  geometry: LatLngTuple[] | null;
};

const PIN_SIZE = 28;
const SINGLE_PLACE_ZOOM = 14;
const FIT_PADDING: L.PointTuple = [32, 32];
// Leaflet writes these as SVG attributes, where CSS variables do not work: navy 6.
const ROUTE_LINE: L.PathOptions = { color: '#2f4d8f', weight: 5, opacity: 0.85 };

function pinIcon(kind: MapMarkerKind, badge: string): L.DivIcon {
  const html = document.createElement('span');
  html.className = `${classes.pin} ${classes[kind]}`;
  html.textContent = badge;
  return L.divIcon({
    html,
    className: classes.icon,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
    tooltipAnchor: [PIN_SIZE / 2, 0],
  });
}

function RoutePin({ marker }: { marker: MapMarker }) {
  const { kind, badge, name, place } = marker;
  const icon = useMemo(() => pinIcon(kind, badge), [kind, badge]);
  return (
    <Marker
      position={[place.lat, place.lng]}
      icon={icon}
      title={`${name}: ${place.address}`}
      // The addresses are in the form; pins need not be extra tab stops.
      keyboard={false}
    >
      <Tooltip>
        <strong>{name}</strong>: {place.address}
      </Tooltip>
    </Marker>
  );
}

/** Frames the route, or the places chosen so far, or Perth when there are none. */
function FitView({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  // A cheap key: the frame only moves when the bounds do.
  const bounds = points.length > 1 ? L.latLngBounds(points) : null;
  const key = bounds ? bounds.toBBoxString() : JSON.stringify(points[0] ?? null);

  useEffect(() => {
    const [first] = points;
    if (bounds) map.fitBounds(bounds, { padding: FIT_PADDING });
    else if (first) map.setView(first, SINGLE_PLACE_ZOOM);
    else map.setView(MAP_CENTRE, CALCULATOR_MAP_ZOOM);
    // Keyed on the bounds only: a new array with the same points must not re-frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);

  return null;
}

export default function LeafletRouteMap({
  height,
  tileUrl,
  markers,
  geometry,
}: LeafletRouteMapProps) {
  const points = useMemo<LatLngTuple[]>(
    () =>
      geometry && geometry.length > 1
        ? geometry
        : markers.map(({ place }) => [place.lat, place.lng]),
    [geometry, markers],
  );

  return (
    <MapContainer
      center={MAP_CENTRE}
      zoom={CALCULATOR_MAP_ZOOM}
      maxZoom={TILE_MAX_ZOOM}
      scrollWheelZoom={false}
      style={{ height, width: '100%' }}
    >
      {tileUrl ? (
        <TileLayer
          url={tileUrl}
          tileSize={TILE_SIZE}
          maxZoom={TILE_MAX_ZOOM}
          attribution={OSM_ATTRIBUTION}
        />
      ) : null}
      {geometry && geometry.length > 1 ? (
        <Polyline positions={geometry} pathOptions={ROUTE_LINE} />
      ) : null}
      {markers.map((marker) => (
        <RoutePin key={`${marker.kind}-${marker.badge}`} marker={marker} />
      ))}
      <FitView points={points} />
    </MapContainer>
  );
}
