import { Alert, Button, Group, Text } from '@mantine/core';

type ChangedElsewhereNoticeProps = {
  /** The editor has typed changes, which Reload drops. */
  hasTypedChanges: boolean;
  onReload: () => void;
};

/**
 * In an edit form whose record was changed by someone else since it was
 * opened (a booking in dispatch, a driver, a vehicle, a setting; decision
 * 187): Save would be refused, and Reload shows it as it is now. A form with
 * typed changes is never replaced unasked.
 */
export function ChangedElsewhereNotice({ hasTypedChanges, onReload }: ChangedElsewhereNoticeProps) {
  return (
    <Alert color="orange" variant="light" p="xs" role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ flex: 1 }}>
          Changed in another window or by someone else since you opened it.{' '}
          {hasTypedChanges
            ? 'Reload to see it; what you typed here is dropped.'
            : 'Reload to see it.'}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          style={{ flex: 'none' }}
          onClick={onReload}
        >
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
