import { useEffect, useState } from 'react';
import { Card, Grid, Stack, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { RoutePlanner } from '../../maps/components/route-planner';
import type { PlannedRoute } from '../../maps/types';
import { useBookNowUrl } from '../../settings/api/get-public-settings';
import { usePricedTrip } from '../hooks/use-priced-trip';
import { useFareReveal } from '../hooks/use-fare-reveal';
import { TripOptionsFields } from '../components/trip-options-fields';
import { DEFAULT_TRIP_OPTIONS, type TripOptions } from '../utils/trip-options';
import {
  loadCalculatorSnapshot,
  saveCalculatorSnapshot,
  type CalculatorSnapshot,
} from '../utils/calculator-snapshot';
import { FareBreakdownCard } from '../components/fare-breakdown-card';
import { FareEstimateCard } from '../components/fare-estimate-card';

/** The public Fare Calculator (spec 2.1). */
export function CalculatorPage() {
  const entry = useLocation().key;
  const [options, setOptions] = useState<TripOptions>(DEFAULT_TRIP_OPTIONS);
  const [route, setRoute] = useState<PlannedRoute | null>(null);
  // Put back from this history entry (Back from /book): the planner starts
  // from the priced route and drops it, as any route, when a place changes.
  const [restored, setRestored] = useState<CalculatorSnapshot | null>(null);
  const bookNowUrl = useBookNowUrl();
  const { quote, trip, problem, isSettled } = usePricedTrip(route, options);
  const { fareRef, revealWhenPriced } = useFareReveal<HTMLElement>({
    route,
    isQuoteSettled: isSettled,
  });

  // After hydration, which renders the prerendered empty calculator.
  useEffect(() => {
    const snapshot = loadCalculatorSnapshot(entry);
    if (!snapshot) return;
    setRestored(snapshot);
    setOptions(snapshot.options);
    setRoute(snapshot.route);
  }, [entry]);

  function changeOptions(next: TripOptions) {
    setOptions(next);
    saveCalculatorSnapshot(entry, { options: next, route });
  }

  function changeRoute(next: PlannedRoute | null) {
    setRoute(next);
    revealWhenPriced(next);
    saveCalculatorSnapshot(entry, { options, route: next });
  }

  return (
    <>
      <PageTitle>Fare Calculator</PageTitle>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Card
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-labelledby="trip-heading"
            >
              <Title order={2} size="h3" mb="md" id="trip-heading">
                Passengers and luggage
              </Title>
              <TripOptionsFields value={options} onChange={changeOptions} />
            </Card>
            <Card
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-labelledby="route-heading"
            >
              <Title order={2} size="h3" mb="md" id="route-heading">
                Route
              </Title>
              <RoutePlanner
                key={restored ? 'restored' : 'empty'}
                initialRoute={restored?.route}
                onRouteChange={changeRoute}
                mapHeight={340}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <FareBreakdownCard
              ref={fareRef}
              route={route}
              quote={quote}
              problem={problem}
              childSeats={options.childSeats}
              bookNowUrl={bookNowUrl}
              trip={trip}
            />
            <FareEstimateCard
              options={options}
              route={route}
              quote={quote.data}
              bookNowUrl={bookNowUrl}
              trip={trip}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
