import { Alert, Text } from '@mantine/core';
import { AlertTriangle } from 'lucide-react';

/**
 * Under a trip's destination when it is the pickup (endsWhereItStarts): a
 * warning, never a refusal; a round trip is a real booking.
 */
export function SamePlaceWarning({ message }: { message: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<AlertTriangle size={16} aria-hidden />}
      // Said when it appears, as the capacity warning is; it stops nothing.
      role="status"
    >
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
