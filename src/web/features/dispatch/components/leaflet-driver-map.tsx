import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  Tooltip,
  useMap,
} from 'react-leaflet';
import type { Driver } from '../../../../domain/drivers/api';
import { formatRating } from '../../../../domain/drivers/rating';
import { OSM_ATTRIBUTION, TILE_MAX_ZOOM, TILE_SIZE } from '../../maps/components/map-markers';
import {
  AVAILABILITY_FILL,
  DISPATCH_MAP_CENTRE,
  DISPATCH_MAP_ZOOM,
  SUSPENDED_FILL,
  type MapPickup,
} from './driver-map-constants';
import { useFocusMarker } from './driver-focus';

/** Loaded lazily (with Leaflet and its CSS) by driver-map.tsx. */
export type LeafletDriverMapProps = {
  tileUrl: string | null;
  /** Drivers to draw: active or suspended, with a known position. */
  drivers: Driver[];
  pickup: MapPickup | null;
  /** The driver opened from Search: the map centres on them and opens their popup. */
  focusDriverId?: string | null;
};

const MARKER_RADIUS = 9;
const PICKUP_SIZE = 30;
const PICKUP_ZOOM = 14;

function pickupIcon(): L.DivIcon {
  const html = document.createElement('span');
  html.textContent = 'P';
  // Seen, not read: the marker (a button) is named by its title, 'Pickup: <address>', not 'P'.
  html.setAttribute('aria-hidden', 'true');
  html.style.cssText = [
    'display:flex',
    'align-items:center',
    'justify-content:center',
    `width:${PICKUP_SIZE}px`,
    `height:${PICKUP_SIZE}px`,
    'border-radius:50%',
    'background:#f2b705',
    'color:#13213d',
    'font-weight:700',
    'border:2px solid #13213d',
    'box-shadow:0 1px 4px rgba(0,0,0,.35)',
  ].join(';');
  return L.divIcon({
    html,
    className: '',
    iconSize: [PICKUP_SIZE, PICKUP_SIZE],
    iconAnchor: [PICKUP_SIZE / 2, PICKUP_SIZE / 2],
  });
}

/** Redraws the map when its box changes size (view modes, the detail panel). */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Brings the selected booking's pickup into view. */
function FollowPickup({ pickup }: { pickup: MapPickup | null }) {
  const map = useMap();
  const lat = pickup?.lat;
  const lng = pickup?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    map.setView([lat, lng], Math.max(map.getZoom(), PICKUP_ZOOM));
  }, [map, lat, lng]);
  return null;
}

/** The text beside a driver's marker: the name, and why it looks faded or red. */
function markerLabel(name: string, isSuspended: boolean, isStale: boolean): string {
  if (isSuspended) return `${name} · suspended`;
  if (isStale) return `${name} · stale`;
  return name;
}

function DriverMarker({ driver, isFocused }: { driver: Driver; isFocused: boolean }) {
  const marker = useRef<L.CircleMarker | null>(null);
  useFocusMarker(marker, isFocused);
  const name = `${driver.firstName} ${driver.lastName}`;
  const isSuspended = driver.status === 'suspended';
  const label = `${name} (${isSuspended ? 'suspended' : driver.availability})`;
  // Leaflet draws the marker as a bare SVG path: name it for assistive technology.
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', label);
  }, [label]);
  if (!driver.location) return null;
  const isStale = driver.location.isStale;
  return (
    <CircleMarker
      ref={marker}
      center={[driver.location.lat, driver.location.lng]}
      radius={MARKER_RADIUS}
      pathOptions={{
        color: '#ffffff',
        weight: 2,
        fillColor: isSuspended ? SUSPENDED_FILL : AVAILABILITY_FILL[driver.availability],
        fillOpacity: isStale ? 0.35 : 0.95,
        opacity: isStale ? 0.5 : 1,
        dashArray: isStale ? '3 3' : undefined,
      }}
    >
      {/* The name is always on the map, not only in the popup: a dispatcher reads the board at a glance. */}
      <Tooltip permanent direction="right" offset={[8, 0]} opacity={0.85}>
        {markerLabel(name, isSuspended, isStale)}
      </Tooltip>
      <Popup>
        <strong>{name}</strong>
        <br />
        {driver.status} · {driver.availability}
        <br />
        {formatRating(driver.rating)}
        <br />
        {driver.vehicle ? `${driver.vehicle.type} · ${driver.vehicle.registration}` : 'No vehicle'}
        {isStale ? (
          <>
            <br />
            <em>Position is stale</em>
          </>
        ) : null}
      </Popup>
    </CircleMarker>
  );
}

export default function LeafletDriverMap({
  tileUrl,
  drivers,
  pickup,
  focusDriverId = null,
}: LeafletDriverMapProps) {
  const icon = useMemo(() => pickupIcon(), []);
  return (
    <MapContainer
      center={DISPATCH_MAP_CENTRE}
      zoom={DISPATCH_MAP_ZOOM}
      maxZoom={TILE_MAX_ZOOM}
      style={{ height: '100%', width: '100%' }}
    >
      {tileUrl ? (
        <TileLayer
          url={tileUrl}
          tileSize={TILE_SIZE}
          maxZoom={TILE_MAX_ZOOM}
          attribution={OSM_ATTRIBUTION}
        />
      ) : null}
      {drivers.map((driver) => (
        <DriverMarker key={driver.id} driver={driver} isFocused={driver.id === focusDriverId} />
      ))}
      {pickup ? (
        <Marker position={[pickup.lat, pickup.lng]} icon={icon} title={`Pickup: ${pickup.label}`}>
          <Tooltip>Pickup: {pickup.label}</Tooltip>
        </Marker>
      ) : null}
      <FollowSize />
      <FollowPickup pickup={pickup} />
    </MapContainer>
  );
}
