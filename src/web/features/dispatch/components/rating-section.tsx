import { Button, Group, Rating, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { errorMessage } from '../../../lib/api-client';
import { useBookingRating, useRateBooking } from '../api/rate-booking';

/** The passenger's rating of a completed job, 1 to 5 with an optional comment. */
export function RatingSection({ booking }: { booking: Booking }) {
  const saved = useBookingRating(booking.id);
  const rate = useRateBooking(booking.id);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const current = saved.data?.rating ?? null;

  function save() {
    rate.mutate(
      { rating, comment },
      {
        onSuccess: ({ driverRating }) => {
          notifications.show({
            color: 'green',
            title: 'Rating saved',
            message: `The driver's rating is now ${driverRating?.toFixed(1) ?? '—'}/5.`,
          });
          setRating(0);
          setComment('');
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) }),
      },
    );
  }

  return (
    <Stack gap={6}>
      {current ? (
        <Text size="sm">
          Passenger rated {current.rating}/5{current.comment ? `: “${current.comment}”` : ''}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Not rated yet.
        </Text>
      )}
      <Group gap="xs" align="flex-end">
        <Rating value={rating} onChange={setRating} aria-label="Passenger's rating" />
        <TextInput
          aria-label="Rating comment"
          placeholder="Comment (optional)"
          size="xs"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button size="compact-xs" disabled={rating === 0} loading={rate.isPending} onClick={save}>
          {current ? 'Replace rating' : 'Save rating'}
        </Button>
      </Group>
    </Stack>
  );
}
