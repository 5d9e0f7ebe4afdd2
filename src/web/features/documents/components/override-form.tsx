import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DOCUMENT_FIELD_MAX } from '../../../../domain/documents';
import { errorMessage } from '../../../lib/api-client';
import { useOverrideSuspension } from '../api/fleet-documents';

/** An admin lifts a driver's expiry suspension for at most 7 days, with a reason (decision 39). */
export function OverrideForm({ driverId }: { driverId: string }) {
  const override = useOverrideSuspension();
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState('');
  return (
    <Group align="flex-end">
      <TextInput
        label="Override reason"
        maxLength={DOCUMENT_FIELD_MAX.reason}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <TextInput
        label="Until (at most 7 days)"
        type="datetime-local"
        value={endsAt}
        onChange={(event) => setEndsAt(event.currentTarget.value)}
      />
      <Button
        variant="light"
        disabled={!reason.trim() || !endsAt}
        loading={override.isPending}
        onClick={() =>
          void override
            .mutateAsync({ driverId, reason, endsAt: new Date(endsAt).toISOString() })
            .catch((failure: unknown) =>
              notifications.show({
                color: 'red',
                title: 'Not saved',
                message: errorMessage(failure),
              }),
            )
        }
      >
        Override
      </Button>
    </Group>
  );
}
