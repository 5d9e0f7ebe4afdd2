import { Alert, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Info } from 'lucide-react';
import type { Booking } from '../../../../../domain/bookings/api';
import { formatKm } from '../../../../../domain/format';
import { errorMessage } from '../../../../lib/api-client';
import { useRouteSuggestions, type RouteEnds } from '../api/get-route-suggestions';
import { formatDuration } from '../tool-format';
import { dropoffPoint, pickupPoint } from '../../../../../domain/maps/coordinates';

function routeEnds(booking: Booking | null): RouteEnds | null {
  const origin = booking ? pickupPoint(booking) : null;
  const destination = booking ? dropoffPoint(booking) : null;
  return origin && destination ? { origin, destination } : null;
}

/** The routing provider's routes for the selected booking, main route first. */
export function RouteSuggestionDialog({ booking }: { booking: Booking | null }) {
  const ends = routeEnds(booking);
  const routes = useRouteSuggestions(ends);

  if (!booking) {
    return (
      <Alert color="blue" icon={<Info size={18} aria-hidden />}>
        Select a booking in the list to see route suggestions for it.
      </Alert>
    );
  }
  const trip = (
    <Text size="sm">
      <Text span fw={600}>
        {booking.reference}
      </Text>{' '}
      · {booking.pickupLocation} to {booking.dropoffLocation}
    </Text>
  );
  if (!ends) {
    return (
      <Stack>
        {trip}
        <Alert color="yellow" icon={<Info size={18} aria-hidden />}>
          This booking&apos;s pickup or destination has no map position. Choose both addresses from
          the suggestions in the booking form to get route suggestions.
        </Alert>
      </Stack>
    );
  }
  if (routes.isPending) {
    return (
      <Stack>
        {trip}
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Finding routes" />
        </Group>
      </Stack>
    );
  }
  if (routes.isError) {
    return (
      <Stack>
        {trip}
        <Alert color="red" title="Could not find routes">
          {errorMessage(routes.error)}
        </Alert>
      </Stack>
    );
  }

  const result = routes.data;
  const options = [result, ...result.alternatives];
  return (
    <Stack>
      {trip}
      {result.isEstimate ? (
        <Alert color="yellow" icon={<Info size={18} aria-hidden />}>
          Estimated route; alternatives need a routing service.
        </Alert>
      ) : result.alternatives.length === 0 ? (
        <Text size="sm" c="dimmed">
          The routing service offered no alternative routes for this trip.
        </Text>
      ) : null}
      <Stack gap="xs" role="list" aria-label="Routes">
        {options.map((option, index) => (
          <Card key={index} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Group gap="xs">
                  <Text fw={600}>{index === 0 ? 'Main route' : `Alternative ${index}`}</Text>
                  {index === 0 && result.isEstimate ? (
                    <Badge color="yellow" variant="light">
                      Estimate
                    </Badge>
                  ) : null}
                </Group>
                {option.summary ? (
                  <Text size="sm" c="dimmed">
                    via {option.summary}
                  </Text>
                ) : null}
              </div>
              <Group gap="lg" wrap="nowrap">
                <Text size="sm">{formatKm(option.distanceMeters)}</Text>
                <Text size="sm" fw={600}>
                  {formatDuration(option.durationSeconds)}
                </Text>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Routing: {result.provider}
      </Text>
    </Stack>
  );
}
