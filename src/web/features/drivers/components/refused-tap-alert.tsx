import { Text } from '@mantine/core';
import type { RefusedTap, Tap } from '../offline/tap-queue';
import { DriverAlert } from './driver-alert';

const STATUS_TAP_LABELS: Partial<Record<string, string>> = {
  'en-route': 'En route',
  arrived: 'Arrived',
  'on-board': 'Passenger on board',
  completed: 'Completed',
  'no-show': 'No-show',
};

/** The button the driver tapped, by its label. */
export function tapLabel(tap: Tap): string {
  switch (tap.kind) {
    case 'acknowledge':
      return 'Accept';
    case 'decline':
      return 'Decline';
    case 'status':
      return STATUS_TAP_LABELS[tap.status] ?? tap.status;
    default: {
      const unhandled: never = tap;
      return String(unhandled);
    }
  }
}

/**
 * A tap the server refused, with its reason, until the driver dismisses it.
 * `withJob` names the job too: the refused tap of a job no longer listed.
 */
export function RefusedTapAlert({
  tap,
  withJob = false,
  onDismiss,
}: {
  tap: RefusedTap;
  withJob?: boolean;
  onDismiss: () => void;
}) {
  const job = withJob && tap.reference ? ` for ${tap.reference}` : '';
  return (
    <DriverAlert
      color="red"
      role="alert"
      title={`${tapLabel(tap)}${job} was not sent`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {withJob && tap.pickupLocation ? <Text size="sm">Pickup: {tap.pickupLocation}</Text> : null}
      <Text size="sm">{tap.reason}</Text>
    </DriverAlert>
  );
}
