import type { Ref } from 'react';
import {
  Alert,
  Button,
  Card,
  Center,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { CircleAlert, Phone } from 'lucide-react';
import type { QuoteResponse } from '../../../../domain/fares';
import { formatKm, formatMinutes } from '../../../../domain/format/distance';
import { SummaryTable, SummaryTableRow } from '../../../components/summary-table';
import { formatDollars } from '../../../lib/format-dollars';
import type { PlannedRoute } from '../../maps/types';
import { BookNowButton } from './book-now-button';
import type { TripLink } from '../utils/trip-params';
import type { QuoteProblem } from '../utils/quote-problem';

export type QuoteState = {
  data: QuoteResponse | undefined;
  error: unknown;
  isError: boolean;
  /** True while an older quote is shown and the new one is on its way. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

type FareBreakdownCardProps = {
  route: PlannedRoute | null;
  quote: QuoteState;
  /** Why the route has no fare (usePricedTrip), shown in place of the breakdown. */
  problem: QuoteProblem | null;
  childSeats: boolean;
  bookNowUrl: string;
  trip: TripLink | null;
  /** The card, which takes the focus after Calculate Fare (useFareReveal). */
  ref?: Ref<HTMLElement>;
};

function BreakdownRow({
  label,
  amount,
  isTotal = false,
}: {
  label: string;
  amount: number;
  isTotal?: boolean;
}) {
  const size = isTotal ? 'lg' : 'sm';
  return (
    <SummaryTableRow
      label={label}
      labelProps={{ fw: isTotal ? 700 : 400, fz: size }}
      valueProps={{
        ta: 'right',
        fw: isTotal ? 700 : 500,
        fz: size,
        c: isTotal ? 'navy.8' : undefined,
      }}
    >
      {formatDollars(amount)}
    </SummaryTableRow>
  );
}

function Breakdown({ quote, showChildSeat }: { quote: QuoteResponse; showChildSeat: boolean }) {
  return (
    <SummaryTable label="Price breakdown" rowSpacing={6}>
      <BreakdownRow label="Base Rate" amount={quote.baseRate} />
      <BreakdownRow label="Distance Cost" amount={quote.distanceCost} />
      <BreakdownRow label="Time Cost" amount={quote.timeCost} />
      {showChildSeat ? (
        <BreakdownRow label="Child Seat Installation" amount={quote.childSeatFee} />
      ) : null}
      <BreakdownRow label="Calculated Fare" amount={quote.calculatedFare} />
      <BreakdownRow label="Rounded Fare" amount={quote.roundedFare} isTotal />
    </SummaryTable>
  );
}

/** The calculator's price breakdown (spec 2.1), priced by the server's tariff table. */
export function FareBreakdownCard({
  route,
  quote,
  problem,
  childSeats,
  bookNowUrl,
  trip,
  ref,
}: FareBreakdownCardProps) {
  const { data } = quote;
  // While a changed option is re-priced the old quote is shown dimmed; its
  // seat fee row follows the box only once the new quote is in.
  const showChildSeat =
    data !== undefined && (data.childSeatFee > 0 || (childSeats && !quote.isPlaceholderData));

  let content;
  if (!route) {
    content = (
      <Text c="dimmed" size="sm">
        Enter the pickup and dropoff, then press Calculate Fare to see the price.
      </Text>
    );
  } else if (data) {
    content = (
      <Stack
        gap="xs"
        opacity={quote.isPlaceholderData ? 0.6 : 1}
        aria-busy={quote.isPlaceholderData}
      >
        <Text size="sm" c="dimmed">
          {formatKm(route.distanceMeters)} · {formatMinutes(route.durationSeconds / 60)} ·{' '}
          {data.vehicleType}
        </Text>
        <Breakdown quote={data} showChildSeat={showChildSeat} />
        {data.minimumApplied ? (
          <Text size="sm" c="dimmed">
            Minimum fare of {formatDollars(data.minimumFare)} applies
          </Text>
        ) : null}
      </Stack>
    );
  } else if (problem) {
    // A request that may pass next time is an error with Try again; a trip
    // that cannot be priced online is not an error: it says whom to ask.
    content = (
      <Alert
        color={problem.canRetry ? 'red' : 'yellow'}
        variant="light"
        role="alert"
        icon={
          problem.canRetry ? <CircleAlert size={18} aria-hidden /> : <Phone size={18} aria-hidden />
        }
      >
        {problem.message}
        {problem.canRetry ? (
          <Button
            display="block"
            mt="xs"
            size="xs"
            variant="light"
            color="red"
            onClick={() => void quote.refetch()}
          >
            Try again
          </Button>
        ) : null}
      </Alert>
    );
  } else {
    content = (
      <Center py="md" role="status">
        <Loader size="sm" aria-label="Calculating the fare" />
      </Center>
    );
  }

  return (
    <Card
      ref={ref}
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="fare-heading"
      // Focused by the page after Calculate Fare, not by Tab.
      tabIndex={-1}
      // Scrolled into view below the app's fixed header, not under it.
      style={{
        scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))',
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="fare-heading">
          Price Breakdown
        </Title>
        {/* Said by a screen reader whenever a new fare is in; the table is not read out. */}
        <VisuallyHidden role="status">
          {data && !quote.isPlaceholderData
            ? `Rounded Fare ${formatDollars(data.roundedFare)}`
            : null}
        </VisuallyHidden>
        {content}
        <BookNowButton bookNowUrl={bookNowUrl} trip={trip} fullWidth size="md" />
      </Stack>
    </Card>
  );
}
