import { useRef, type ReactNode } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Pencil } from 'lucide-react';
import { endsWhereItStarts, SAME_PLACE_DROPOFF_WARNING } from '../../../../domain/maps/same-place';
import { standardCapacityWarning } from '../../../../domain/vehicles';
import { RoutePlanner } from '../../maps/components/route-planner';
import { SamePlaceWarning } from '../../maps/components/same-place-warning';
import type { PlannedRoute } from '../../maps/types';
import { TripOptionsFields } from '../../fares/components/trip-options-fields';
import type { TripOptions } from '../../fares/utils/trip-options';
import type { ParsedTripLink, TripLink } from '../../fares/utils/trip-params';
import { plannerValue } from '../utils/online-booking-input';
import { TripSummary } from './trip-summary';

type BookingTripCardProps = {
  /** The Book Now link the page opened with (the planner starts from its places). */
  link: ParsedTripLink;
  /** Planning here (no quote in the link, or Change trip pressed), or showing the quoted trip. */
  isPlanning: boolean;
  quotedTrip: TripLink | null;
  /** The trip to book: the planned one while planning, else the quoted one. */
  trip: TripLink | null;
  options: TripOptions;
  onOptionsChange: (next: TripOptions) => void;
  onRouteChange: (route: PlannedRoute | null) => void;
  onChangeTrip: () => void;
  /** The fare, or why there is none yet. */
  fare: ReactNode;
  childSeatsInput: ReactNode;
  tripFieldErrors: Record<string, string>;
  /** The id the vehicle's refusal is shown with (Request booking is described by it). */
  vehicleRefusalId?: string;
  /** Told whether the planner's Pickup and Dropoff are both filled. */
  onAddressesFilledChange?: (isFilled: boolean) => void;
};

/** /book's "Your trip" card: the quoted trip with Change trip, or the route planner. */
export function BookingTripCard({
  link,
  isPlanning,
  quotedTrip,
  trip,
  options,
  onOptionsChange,
  onRouteChange,
  onAddressesFilledChange,
  onChangeTrip,
  fare,
  childSeatsInput,
  tripFieldErrors,
  vehicleRefusalId,
}: BookingTripCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const capacityWarning = trip
    ? standardCapacityWarning(trip.options.passengers, trip.options.vehicleType)
    : null;
  // The planner warns under its Dropoff field; a quoted trip has no field, so here.
  const isSamePlace =
    quotedTrip !== null &&
    endsWhereItStarts({
      pickup: {
        text: quotedTrip.pickup.address,
        lat: quotedTrip.pickup.lat,
        lng: quotedTrip.pickup.lng,
      },
      dropoff: {
        text: quotedTrip.dropoff.address,
        lat: quotedTrip.dropoff.lat,
        lng: quotedTrip.dropoff.lng,
      },
      stops: quotedTrip.stops.map((stop) => ({ text: stop.address })),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trip-heading">
      <Stack gap="md">
        <Title
          order={2}
          size="h3"
          id="trip-heading"
          ref={heading}
          tabIndex={-1}
          style={{
            outline: 'none',
            // Brought into view below the app's fixed header, not under it.
            scrollMarginTop:
              'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))',
          }}
        >
          Your trip
        </Title>
        {isPlanning ? (
          <>
            <RoutePlanner
              onRouteChange={onRouteChange}
              onAddressesFilledChange={onAddressesFilledChange}
              initialPickup={plannerValue(link.pickup)}
              initialDropoff={plannerValue(link.dropoff)}
              initialStops={link.stops.map((stop) => plannerValue(stop) ?? stop.address)}
              mapHeight={260}
              // Leaflet and its styles only once there is a route to draw (decision 68).
              loadMapWhen="route"
            />
            <TripOptionsFields
              value={options}
              onChange={onOptionsChange}
              errors={tripFieldErrors}
              vehicleErrorId={vehicleRefusalId}
            />
            {childSeatsInput}
            {trip ? <Text fw={600}>Quoted fare: {fare}</Text> : null}
          </>
        ) : quotedTrip ? (
          <>
            <TripSummary
              pickup={quotedTrip.pickup}
              dropoff={quotedTrip.dropoff}
              stops={quotedTrip.stops}
              options={quotedTrip.options}
              route={quotedTrip.route}
              fare={fare}
              vehicleRefusalId={vehicleRefusalId}
            />
            {isSamePlace ? <SamePlaceWarning message={SAME_PLACE_DROPOFF_WARNING} /> : null}
            {childSeatsInput}
            {capacityWarning ? (
              <Alert color="yellow" variant="light">
                {capacityWarning}
              </Alert>
            ) : null}
            <Button
              variant="default"
              leftSection={<Pencil size={16} aria-hidden />}
              onClick={() => {
                // Change trip goes away with the summary: focus stays in the
                // card, above the planner that opens, rather than falling to
                // the page's start. The heading stays put through the change.
                heading.current?.focus();
                onChangeTrip();
              }}
              style={{ alignSelf: 'flex-start' }}
            >
              Change trip
            </Button>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
