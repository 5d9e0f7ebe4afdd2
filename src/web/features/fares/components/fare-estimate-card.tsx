import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QuoteResponse } from '../../../../domain/fares';
import { SummaryTable, SummaryTableRow } from '../../../components/summary-table';
import { formatDollars } from '../../../lib/format-dollars';
import { RouteSummary } from '../../maps/components/route-summary';
import type { PlannedRoute } from '../../maps/types';
import { BookNowButton } from './book-now-button';
import { describeLuggage, describePassengers, type TripOptions } from '../utils/trip-options';
import type { TripLink } from '../utils/trip-params';

type FareEstimateCardProps = {
  options: TripOptions;
  route: PlannedRoute | null;
  quote: QuoteResponse | undefined;
  bookNowUrl: string;
  trip: TripLink | null;
};

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <SummaryTableRow label={label} labelProps={{ fw: 500, c: 'dimmed', w: '35%' }}>
      {children}
    </SummaryTableRow>
  );
}

/**
 * The simpler 'Fare Estimate' card (spec 2.1): flat-rate estimate from the
 * same quote. It shares the calculator's one route and map; in place of a
 * second map it shows that route's summary.
 */
export function FareEstimateCard({
  options,
  route,
  quote,
  bookNowUrl,
  trip,
}: FareEstimateCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          Fare Estimate
        </Title>
        <SummaryTable label="Trip summary" rowSpacing={4}>
          <SummaryRow label="Passengers">{describePassengers(options.passengers)}</SummaryRow>
          <SummaryRow label="Vehicle">{options.vehicleType}</SummaryRow>
          <SummaryRow label="Luggage">{describeLuggage(options)}</SummaryRow>
          <SummaryRow label="Route">
            {route ? (
              <RouteSummary route={route} compact />
            ) : (
              <Text size="sm" c="dimmed">
                Not calculated yet
              </Text>
            )}
          </SummaryRow>
        </SummaryTable>
        <Group justify="space-between" align="baseline">
          <Text fw={600}>Estimated fare</Text>
          <Text fz="xl" fw={700} c="navy.8">
            {quote ? formatDollars(quote.estimate.roundedFare) : '—'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Final fare may vary based on actual route and conditions
        </Text>
        <BookNowButton bookNowUrl={bookNowUrl} trip={trip} fullWidth />
      </Stack>
    </Card>
  );
}
