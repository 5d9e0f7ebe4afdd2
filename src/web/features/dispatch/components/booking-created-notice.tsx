import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Booking } from '../../../../domain/bookings/api';
import { dropoffPoint, pickupPoint } from '../../../../domain/maps/coordinates';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';

/** Shown with a booking created at $0 from two chosen places: the dispatcher prices it by hand. */
export const UNPRICED_NOTICE =
  'No route was found for these places, so the fare is $0.00. Set it in Edit Booking.';
/** The same, when a place was typed and not chosen from the suggestions: there was no route to ask for. */
export const UNPLACED_NOTICE =
  'A place was typed, not chosen from the suggestions, so there is no route and the fare is $0.00. Set it in Edit Booking.';

/** Why a booking was created at $0, in the notice's words. */
export function unpricedNotice(
  booking: Pick<Booking, 'pickupLat' | 'pickupLng' | 'dropoffLat' | 'dropoffLng'>,
): string {
  const isPlaced = pickupPoint(booking) !== null && dropoffPoint(booking) !== null;
  return isPlaced ? UNPRICED_NOTICE : UNPLACED_NOTICE;
}
/** A booking created at $0 says so this long: long enough to read, and to press Edit. */
const UNPRICED_NOTICE_MS = 15_000;

type UnpricedBookingNoticeProps = {
  /** 'Reference K7P2QX', or a shuttle run's references. */
  created: string;
  /** The booking that carries the fare. */
  booking: Booking;
  onEdit: () => void;
};

/**
 * What was created, why its fare is $0, and a button that opens the booking
 * in Edit Booking, where its Fare ($) field is (decision 95).
 */
function UnpricedBookingNotice({ created, booking, onEdit }: UnpricedBookingNoticeProps) {
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" c="inherit">
        {created}
      </Text>
      <Text size="sm" c="inherit">
        {unpricedNotice(booking)}
      </Text>
      <Button size="compact-sm" onClick={onEdit}>
        Edit Booking {booking.reference}
      </Button>
    </Stack>
  );
}

/**
 * New Booking's 'Booking created' (or 'Shuttle run created') notice with the
 * references. The fare sits on a run's first booking (decision 13): at $0 the
 * places gave no route to price, so the notice is yellow, stays up longer and
 * offers to open that booking in Edit Booking; pressing it closes the notice.
 */
export function showBookingCreatedNotice(
  bookings: readonly Booking[],
  onEdit: (booking: Booking) => void,
): void {
  const references = bookings.map((booking) => booking.reference).join(', ');
  const created = bookings.length > 1 ? `References ${references}` : `Reference ${references}`;
  const title = bookings.length > 1 ? 'Shuttle run created' : 'Booking created';
  const first = bookings[0];
  if (first?.fareAmount !== 0) {
    notifications.show({ color: 'green', title, message: created });
    return;
  }
  const id = notifications.show({
    color: 'yellow',
    title,
    message: (
      <UnpricedBookingNotice
        created={created}
        booking={first}
        onEdit={() => {
          notifications.hide(id);
          onEdit(first);
        }}
      />
    ),
    autoClose: UNPRICED_NOTICE_MS,
    priority: BACKGROUND_NOTICE_PRIORITY,
  });
}
