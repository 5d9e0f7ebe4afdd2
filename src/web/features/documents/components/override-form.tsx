import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { wallTimeToIso } from '../../../../domain/bookings/wall-time';
import { DOCUMENT_FIELD_MAX, overrideEndRefusal } from '../../../../domain/documents';
import { asFieldSentence, errorMessage, isApiError } from '../../../lib/api-client';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useOverrideSuspension } from '../api/fleet-documents';

type OverrideFieldErrors = { reason?: string; endsAt?: string };

/** What Override waits for while it is disabled: said, not left to guess. */
function missingInput(reason: string, endsAt: string): string | null {
  if (!reason.trim() && !endsAt) return 'Enter a reason and the date and time the override ends.';
  if (!reason.trim()) return 'Enter a reason for the override.';
  if (!endsAt) return 'Choose the date and time the override ends.';
  return null;
}

/** An admin lifts a driver's expiry suspension for at most 7 days, with a reason (decision 39). */
export function OverrideForm({ driverId }: { driverId: string }) {
  const override = useOverrideSuspension();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [fieldErrors, setFieldErrors] = useState<OverrideFieldErrors>({});
  const timeZone = useBusinessTimeZone();
  const missing = missingInput(reason, endsAt);

  function submit() {
    // The end is read on the business's clock, as every time the office sets
    // (a pickup too): an admin's laptop on another zone set it hours off.
    const end = wallTimeToIso(endsAt, timeZone);
    // The same rule as the server's, so the refusal is said under the field before sending.
    const endRefusal = overrideEndRefusal(new Date(end), new Date());
    if (endRefusal) {
      setFieldErrors({ endsAt: asFieldSentence(endRefusal) });
      return;
    }
    setFieldErrors({});
    override.mutateAsync({ driverId, reason, endsAt: end }).catch((failure: unknown) => {
      // A field the server refuses is said under it, in words, never by its API name.
      const fields = isApiError(failure) ? failure.fields : undefined;
      if (fields?.endsAt || fields?.reason) {
        setFieldErrors({ reason: fields.reason, endsAt: fields.endsAt });
        return;
      }
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(failure) });
    });
  }

  return (
    <Stack gap={4}>
      <Group align="flex-start">
        <TextInput
          label="Override reason"
          maxLength={DOCUMENT_FIELD_MAX.reason}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={fieldErrors.reason}
          style={{ flex: 1 }}
        />
        <TextInput
          label="Until (at most 7 days)"
          description="Perth time"
          type="datetime-local"
          value={endsAt}
          onChange={(event) => {
            setEndsAt(event.currentTarget.value);
            setFieldErrors(({ reason: reasonError }) => ({ reason: reasonError }));
          }}
          error={fieldErrors.endsAt}
        />
        <Button
          variant="light"
          mt={25}
          disabled={missing !== null}
          loading={override.isPending}
          aria-describedby={missing ? hintId : undefined}
          onClick={submit}
        >
          Override
        </Button>
      </Group>
      {missing && (
        <Text id={hintId} size="xs" c="dimmed">
          {missing}
        </Text>
      )}
    </Stack>
  );
}
