import { Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { MAX_FARE_DOLLARS } from '../../../../domain/bookings/api';
import { isChargedBooking, routePriceRefusal } from '../../../../domain/bookings/booking-fare';
import { isClosedBooking } from '../../../../domain/bookings/status';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format-dollars';
import { RouteSummary } from '../../maps/components/route-summary';
import type { BookingEditor } from '../hooks/use-booking-editor';
import { FARE_FIELD_ID } from '../utils/dispatch-focus';
import { isPricedOnSave } from '../utils/booking-form-changes';

// The New Booking panel's two fare parts: the route's price under the
// places, and Edit Booking's Fare ($) field.

/** The route the places make, and its price, or why there is none yet. */
export function RouteQuote({ editor }: { editor: BookingEditor }) {
  const { route, quote, isLoading, error } = editor.route;
  if (isLoading && !route) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Calculating the route...
        </Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Text size="sm" c="red">
        {errorMessage(error)}
      </Text>
    );
  }
  if (!route) {
    return (
      <Text size="sm" c="dimmed">
        Choose the pickup and destination from the suggestions to see the distance and fare.
      </Text>
    );
  }
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <RouteSummary route={route} compact />
      {quote ? (
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {/* Not the booking's fare when one was typed (decision 95). */}
            {editor.editing?.fareSetByHand ? 'Route price' : 'Fare'}
          </Text>
          <Text size="lg" fw={700}>
            {formatDollars(quote.roundedFare)}
          </Text>
        </div>
      ) : null}
    </Group>
  );
}

/**
 * Edit Booking's Fare ($) field: the fare Save will leave on the booking.
 * When Save prices the trip again (a priced fare whose route, vehicle or
 * child seats changed, or Use route price on a fare set by hand, decision
 * 104) it shows the route's quote, which the panel re-prices as the form
 * changes; a fare set by hand, or typed here, stays as it is. Typing a fare
 * keeps it by hand.
 */
export function FareField({ editor }: { editor: BookingEditor }) {
  const { form, editing } = editor;
  const values = form.values;
  if (!editing || values.fareAmount === null) return null;
  const quote = editor.route.quote;
  const measured = editor.route.route ?? editing;
  // The server's rule: a started, completed or closed booking is not priced again.
  const refusal = routePriceRefusal({
    reference: editing.reference,
    status: editing.status,
    isCharged: isChargedBooking(editing.shuttleSequence),
    distanceMeters: measured.distanceMeters,
    durationSeconds: measured.durationSeconds,
  });
  // Not the saved fare beside the quote: two figures, and Save charges the quote's (decision 87).
  // Use route price was refused above already when the route cannot price the booking.
  const isPriced =
    values.isFareFromRoute ||
    (!values.isFareTyped && isPricedOnSave(values, editing, editor.route.route));
  return (
    <Stack gap={6}>
      <NumberInput
        id={FARE_FIELD_ID}
        label="Fare ($)"
        required
        description={
          isPriced
            ? 'Priced from the route when saved; type a fare to keep one by hand'
            : 'Route changes keep a fare typed here'
        }
        min={0}
        max={MAX_FARE_DOLLARS}
        decimalScale={2}
        fixedDecimalScale
        // A minus sign typed stays, and the fare is refused with a reason: without
        // it '-120' was shown and saved as $120 (decision 111). Out of range is
        // refused too, not clamped to $100,000 unseen.
        clampBehavior="none"
        hideControls
        inputMode="decimal"
        value={isPriced && quote !== null ? quote.roundedFare : values.fareAmount}
        onChange={(fare) =>
          form.setValues({ fareAmount: fare, isFareFromRoute: false, isFareTyped: true })
        }
        error={form.errors.fareAmount}
      />
      {editing.fareSetByHand && !values.isFareFromRoute && !isClosedBooking(editing.status) ? (
        <>
          <Button
            size="compact-sm"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            disabled={refusal !== null || quote === null}
            onClick={() => form.setValues({ isFareFromRoute: true, isFareTyped: false })}
          >
            Use route price{quote && !refusal ? ` (${formatDollars(quote.roundedFare)})` : ''}
          </Button>
          {refusal ? (
            <Text size="xs" c="dimmed">
              {refusal}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
