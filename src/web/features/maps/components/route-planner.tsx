import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Route as RouteIcon, X } from 'lucide-react';
import { MAX_STOPOVERS } from '../../../../domain/maps';
import { endsWhereItStarts, SAME_PLACE_DROPOFF_WARNING } from '../../../../domain/maps/same-place';
import { findPlaceForText } from '../api/find-place';
import { usePlanRoute } from '../api/plan-route';
import {
  addressValueFrom,
  EMPTY_ADDRESS,
  placeOnForm,
  type AddressValue,
  type PlannedRoute,
  type ResolvedPlace,
} from '../types';
import { AddressAutocomplete } from './address-autocomplete';
import { routeMarkers } from './map-markers';
import { RouteMap, type RouteMapProps } from './route-map';
import { RouteSummary } from './route-summary';
import { SamePlaceWarning } from './same-place-warning';

/** Spec section 5 and 8, word for word. */
export const MISSING_LOCATIONS_MESSAGE = 'Please enter both pickup and dropoff locations';
export const ROUTE_FAILED_MESSAGE =
  'Could not calculate route. Please check the addresses and try again.';

/** Under an address field whose typed text the place search cannot find. */
export function noPlaceFoundMessage(text: string): string {
  return `No place found for "${text.trim()}": choose one from the suggestions.`;
}

const DEFAULT_MAP_HEIGHT = 320;

export type RoutePlannerProps = {
  /** Told of every new route, and of null when the route is gone (failed, or an address changed). */
  onRouteChange: (route: PlannedRoute | null) => void;
  /** Told whether both Pickup and Dropoff hold an address (Calculate Fare can run). */
  onAddressesFilledChange?: (isFilled: boolean) => void;
  initialPickup?: ResolvedPlace | string;
  initialDropoff?: ResolvedPlace | string;
  initialStops?: (ResolvedPlace | string)[];
  /**
   * A route calculated earlier (a calculator put back by Back): the planner
   * starts from its places instead of initialPickup, initialDropoff and
   * initialStops, and shows it (summary, line, pins) until a place changes,
   * as if Calculate Fare had just answered. onRouteChange is not called for it.
   */
  initialRoute?: PlannedRoute | null;
  mapHeight?: number;
  /** Tighter spacing and smaller controls, for the widget. */
  compact?: boolean;
  /** When the map's code loads (RouteMap): in view, or once a route is calculated. */
  loadMapWhen?: RouteMapProps['loadWhen'];
  pickupPlaceholder?: string;
  dropoffPlaceholder?: string;
  stopPlaceholder?: string;
};

type StopField = { id: number; value: AddressValue };

/** An address field: Pickup, Dropoff, or a stop by its id. */
type FieldKey = 'pickup' | 'dropoff' | `stop-${number}`;
const stopKey = (id: number): FieldKey => `stop-${id}`;

class NoSuchAddress extends Error {}

function hasText(value: AddressValue): boolean {
  return value.text.trim() !== '';
}

/**
 * The spec's Route map component (2.2): pickup, dropoff and any number of
 * stops with address suggestions, a Calculate Fare button, a Distance and
 * Duration summary and the map.
 */
export function RoutePlanner({
  onRouteChange,
  onAddressesFilledChange,
  initialPickup,
  initialDropoff,
  initialStops: initialStopsProp = [],
  initialRoute = null,
  mapHeight = DEFAULT_MAP_HEIGHT,
  compact = false,
  loadMapWhen,
  pickupPlaceholder = 'Enter pickup address',
  dropoffPlaceholder = 'Enter dropoff address',
  stopPlaceholder = 'Enter stop location',
}: RoutePlannerProps) {
  const queryClient = useQueryClient();
  const planRouteMutation = usePlanRoute();
  // A route's places are the ones it was calculated for, so they come with it.
  const initialStops = initialRoute?.stops ?? initialStopsProp;
  const nextStopId = useRef(initialStops.length);
  const addStopButton = useRef<HTMLButtonElement>(null);
  const [pickup, setPickup] = useState(() =>
    addressValueFrom(initialRoute?.pickup ?? initialPickup),
  );
  const [dropoff, setDropoff] = useState(() =>
    addressValueFrom(initialRoute?.dropoff ?? initialDropoff),
  );
  const [stops, setStops] = useState<StopField[]>(() =>
    initialStops.map((stop, index) => ({ id: index, value: addressValueFrom(stop) })),
  );
  const [newStopId, setNewStopId] = useState<number | null>(null);
  const [route, setRoute] = useState<PlannedRoute | null>(initialRoute);
  const [isCalculating, setIsCalculating] = useState(false);
  // The fields whose typed text found no place at the last Calculate Fare, until changed.
  const [notFound, setNotFound] = useState<Partial<Record<FieldKey, string>>>({});

  const canCalculate = hasText(pickup) && hasText(dropoff);
  useEffect(() => onAddressesFilledChange?.(canCalculate), [canCalculate, onAddressesFilledChange]);
  const isSamePlace = endsWhereItStarts({
    pickup: placeOnForm(pickup),
    dropoff: placeOnForm(dropoff),
    stops: stops.map((stop) => stop.value),
  });

  function changeRoute(next: PlannedRoute | null) {
    setRoute(next);
    onRouteChange(next);
  }

  // A fare must never be shown for addresses other than the ones on screen.
  function dropRoute() {
    if (route) changeRoute(null);
  }

  function clearNotFound(key: FieldKey) {
    setNotFound((current) => {
      if (!(key in current)) return current;
      const { [key]: _cleared, ...rest } = current;
      return rest;
    });
  }

  function changeStop(id: number, value: AddressValue) {
    setStops((current) => current.map((stop) => (stop.id === id ? { ...stop, value } : stop)));
    clearNotFound(stopKey(id));
    dropRoute();
  }

  function addStop() {
    const id = nextStopId.current++;
    setStops((current) => [...current, { id, value: EMPTY_ADDRESS }]);
    setNewStopId(id);
  }

  function removeStop(removed: StopField) {
    setStops((current) => current.filter((stop) => stop.id !== removed.id));
    if (hasText(removed.value)) dropRoute();
    // The remove button is gone; keep keyboard focus in the planner.
    addStopButton.current?.focus();
  }

  /** A chosen suggestion as is; typed text becomes the first suggestion for it, if any. */
  async function resolve(value: AddressValue): Promise<ResolvedPlace | null> {
    if (value.place) return value.place;
    return findPlaceForText(queryClient, value.text);
  }

  /**
   * The places of every filled field, in route order. A field whose typed
   * text finds no place is named under it (the alert alone does not say
   * which), and the route is not calculated.
   */
  async function resolveFields(fields: [FieldKey, AddressValue][]): Promise<ResolvedPlace[]> {
    const places = await Promise.all(fields.map(([, value]) => resolve(value)));
    const missing = fields.filter((_, index) => !places[index]);
    setNotFound(
      Object.fromEntries(missing.map(([key, value]) => [key, noPlaceFoundMessage(value.text)])),
    );
    if (missing.length > 0) throw new NoSuchAddress(missing.map(([key]) => key).join(', '));
    return places as ResolvedPlace[];
  }

  async function calculate() {
    if (!canCalculate) {
      window.alert(MISSING_LOCATIONS_MESSAGE);
      return;
    }
    const filledStops = stops.filter((stop) => hasText(stop.value));
    setIsCalculating(true);
    try {
      const [from, to, ...via] = await resolveFields([
        ['pickup', pickup],
        ['dropoff', dropoff],
        ...filledStops.map((stop): [FieldKey, AddressValue] => [stopKey(stop.id), stop.value]),
      ]);
      if (!from || !to) throw new NoSuchAddress('pickup or dropoff');

      // Show the addresses the route was calculated for, unless retyped meanwhile.
      const settle = (started: AddressValue, place: ResolvedPlace) => (current: AddressValue) =>
        current === started ? { text: place.address, place } : current;
      setPickup(settle(pickup, from));
      setDropoff(settle(dropoff, to));
      setStops((current) =>
        current.map((stop) => {
          const index = filledStops.findIndex((filled) => filled.id === stop.id);
          const place = via[index];
          const started = filledStops[index];
          return place && started
            ? { ...stop, value: settle(started.value, place)(stop.value) }
            : stop;
        }),
      );

      const result = await planRouteMutation.mutateAsync({
        origin: { lat: from.lat, lng: from.lng },
        destination: { lat: to.lat, lng: to.lng },
        stopovers: via.map(({ lat, lng }) => ({ lat, lng })),
      });
      changeRoute({
        distanceMeters: result.distanceMeters,
        durationSeconds: result.durationSeconds,
        pickup: from,
        dropoff: to,
        stops: via,
        geometry: result.geometry,
        isEstimate: result.isEstimate,
      });
    } catch {
      window.alert(ROUTE_FAILED_MESSAGE);
      changeRoute(null);
    } finally {
      setIsCalculating(false);
    }
  }

  const buttonSize = compact ? 'xs' : 'sm';

  // Enter in an address field calculates (a keyboard shortcut for the
  // button), unless the autocomplete used the key to pick a suggestion.
  function calculateOnEnter(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || target.tagName !== 'INPUT') return;
    if (target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    void calculate();
  }

  return (
    <Stack gap={compact ? 'xs' : 'sm'} onKeyDown={calculateOnEnter}>
      <AddressAutocomplete
        label="Pickup"
        placeholder={pickupPlaceholder}
        value={pickup}
        onChange={(value) => {
          setPickup(value);
          clearNotFound('pickup');
          dropRoute();
        }}
        error={notFound.pickup}
        size={compact ? 'xs' : 'sm'}
      />

      {stops.map((stop, index) => {
        const number = index + 1;
        return (
          <AddressAutocomplete
            key={stop.id}
            label={`Stop ${number}`}
            placeholder={stopPlaceholder}
            value={stop.value}
            onChange={(value) => changeStop(stop.id, value)}
            error={notFound[stopKey(stop.id)]}
            autoFocus={stop.id === newStopId}
            size={compact ? 'xs' : 'sm'}
            // Beside the input, not the field: level with it above a message under it.
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap">
                <Box flex={1}>{input}</Box>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={compact ? 'md' : 'lg'}
                  aria-label={`Remove stop ${number}`}
                  onClick={() => removeStop(stop)}
                >
                  <X size={18} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          />
        );
      })}

      <AddressAutocomplete
        label="Dropoff"
        placeholder={dropoffPlaceholder}
        value={dropoff}
        onChange={(value) => {
          setDropoff(value);
          clearNotFound('dropoff');
          dropRoute();
        }}
        error={notFound.dropoff}
        size={compact ? 'xs' : 'sm'}
      />
      {isSamePlace ? <SamePlaceWarning message={SAME_PLACE_DROPOFF_WARNING} /> : null}

      <Group justify="space-between" gap="xs">
        <Button
          ref={addStopButton}
          variant="default"
          size={buttonSize}
          leftSection={<Plus size={16} aria-hidden />}
          onClick={addStop}
          disabled={stops.length >= MAX_STOPOVERS}
        >
          Add Stop
        </Button>
        <Button
          size={buttonSize}
          onClick={() => void calculate()}
          disabled={!canCalculate || isCalculating}
          leftSection={
            isCalculating ? <Loader size={14} color="gray" /> : <RouteIcon size={16} aria-hidden />
          }
        >
          {isCalculating ? 'Calculating...' : 'Calculate Fare'}
        </Button>
      </Group>

      <div aria-live="polite">
        {route ? <RouteSummary route={route} compact={compact} /> : null}
      </div>

      <RouteMap
        height={mapHeight}
        markers={routeMarkers(
          pickup.place,
          stops.map((stop) => stop.value.place),
          dropoff.place,
        )}
        geometry={route?.geometry ?? null}
        loadWhen={loadMapWhen}
      />
    </Stack>
  );
}
