import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Booking } from '../../../../domain/bookings/api';
import type { BookingSource } from '../../../../domain/bookings/source';
import { formatDateTime } from '../../../../domain/format';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';

/** Of a burst of new bookings (an import, a Multi Booking), this many get a notice each. */
export const MAX_NOTICES_EACH = 3;
/** A burst's summary names this many references. */
const REFERENCES_NAMED = 5;

/** A new booking that someone else made, titled by where it came from. */
const ARRIVAL_TITLE: Record<BookingSource, string> = {
  online: 'New online booking',
  dispatch: 'New booking from a colleague',
  multi: 'New booking from a colleague',
  import: 'New imported booking',
  api: 'New booking from the API',
};

type ArrivalNoticeProps = { booking: Booking; timeZone: string; onOpen: () => void };

function ArrivalNotice({ booking, timeZone, onOpen }: ArrivalNoticeProps) {
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" c="inherit">
        {booking.reference} · {booking.passengerName || 'No passenger name'}
      </Text>
      <Text size="sm" c="inherit">
        Pickup {formatDateTime(booking.pickupTime, timeZone)}
      </Text>
      <Button size="compact-sm" onClick={onOpen}>
        Open booking {booking.reference}
      </Button>
    </Stack>
  );
}

/**
 * Tells the dispatcher of bookings that reached the board without them: an
 * online booking from /book or the widget, or one a colleague, an import or
 * a program made. Each stays until it is closed or opened; Open selects the
 * booking on the board. A burst of more than MAX_NOTICES_EACH is one notice.
 */
export function showNewBookingNotices(
  bookings: readonly Booking[],
  timeZone: string,
  onOpen: (booking: Booking) => void,
): void {
  if (bookings.length === 0) return;
  if (bookings.length > MAX_NOTICES_EACH) {
    const named = bookings.slice(0, REFERENCES_NAMED).map((booking) => booking.reference);
    const more = bookings.length - named.length;
    notifications.show({
      color: 'blue',
      title: `${bookings.length} new bookings`,
      message: `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}, all pending.`,
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
    });
    return;
  }
  for (const booking of bookings) {
    const id = notifications.show({
      color: 'blue',
      title: ARRIVAL_TITLE[booking.source],
      message: (
        <ArrivalNotice
          booking={booking}
          timeZone={timeZone}
          onOpen={() => {
            notifications.hide(id);
            onOpen(booking);
          }}
        />
      ),
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
    });
  }
}
