import { useState } from 'react';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDollars } from '../../../lib/format-dollars';
import { RoutePlanner } from '../../maps/components/route-planner';
import type { PlannedRoute } from '../../maps/types';
import { useBookNowUrl } from '../../settings/api/get-public-settings';
import { BookNowButton } from '../components/book-now-button';
import { CountInput } from '../components/count-input';
import { VehicleTypeSelect } from '../components/vehicle-type-select';
import {
  DEFAULT_TRIP_OPTIONS,
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  updateTripOptions,
  type TripOptions,
} from '../utils/trip-options';
import { usePricedTrip } from '../hooks/use-priced-trip';
import { useFareReveal } from '../hooks/use-fare-reveal';

const WIDGET_MAP_HEIGHT = 130;

/**
 * The embeddable fare calculator: no app chrome, sized for a 400×640 iframe.
 * Book Now always opens a new tab, out of the host page's frame.
 */
export function WidgetPage() {
  useDocumentTitle('Fare Calculator');
  const [options, setOptions] = useState<TripOptions>(DEFAULT_TRIP_OPTIONS);
  const [route, setRoute] = useState<PlannedRoute | null>(null);
  const bookNowUrl = useBookNowUrl();
  const change = (patch: Partial<TripOptions>) =>
    setOptions((current) => updateTripOptions(current, patch));
  const { quote, trip, problem, vehicleRefusal, isSettled } = usePricedTrip(route, options);
  const { fareRef, revealWhenPriced } = useFareReveal<HTMLDivElement>({
    route,
    isQuoteSettled: isSettled,
  });

  return (
    <Box component="main" p="sm" maw={480} mx="auto">
      <Stack gap="xs">
        <Title order={1} size="h4">
          Fare Calculator
        </Title>
        <RoutePlanner
          onRouteChange={(next) => {
            setRoute(next);
            revealWhenPriced(next);
          }}
          mapHeight={WIDGET_MAP_HEIGHT}
          compact
          // The map's code (Leaflet) only once there is a route to draw.
          loadMapWhen="route"
        />
        <SimpleGrid cols={2} spacing="xs">
          <CountInput
            label="Passengers"
            size="xs"
            min={MIN_PASSENGERS}
            max={MAX_PASSENGERS}
            value={options.passengers}
            onChange={(passengers) => change({ passengers })}
          />
          <VehicleTypeSelect
            size="xs"
            value={options.vehicleType}
            onChange={(vehicleType) => change({ vehicleType })}
            error={vehicleRefusal}
          />
        </SimpleGrid>
        <Paper withBorder p="xs" radius="md">
          {/* The fare takes what Book Now leaves: a sentence in place of a
              fare wraps, and the button keeps its width. */}
          <Group justify="space-between" wrap="nowrap" gap="xs" preventGrowOverflow={false}>
            {/* Focused after Calculate Fare (useFareReveal); Tab then reaches Book Now. */}
            <div ref={fareRef} aria-live="polite" tabIndex={-1} style={{ flex: 1, minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                Fare
              </Text>
              {problem && !quote.data ? (
                <Text size="sm" c={problem.canRetry ? 'red' : undefined} role="alert">
                  {problem.canRetry ? 'Could not price this route. Try again.' : problem.message}
                </Text>
              ) : (
                <Text fw={700} fz="lg" c="navy.8" opacity={quote.isPlaceholderData ? 0.6 : 1}>
                  {quote.data ? formatDollars(quote.data.roundedFare) : '—'}
                </Text>
              )}
            </div>
            <BookNowButton bookNowUrl={bookNowUrl} trip={trip} inNewTab style={{ flexShrink: 0 }} />
          </Group>
        </Paper>
      </Stack>
    </Box>
  );
}
