import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AUSTRALIAN_TIME_ZONES, DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { errorMessage } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { useSettings } from '../api/get-settings';
import { useUpdateTimeZone, type AustralianTimeZone } from '../api/update-time-zone';

const TIME_ZONE_OPTIONS = AUSTRALIAN_TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

function isAustralianZone(value: string | null): value is AustralianTimeZone {
  return (AUSTRALIAN_TIME_ZONES as readonly (string | null)[]).includes(value);
}

/**
 * The business time zone: what "today" means for the dashboard figures and
 * earnings. Used by General Settings on the dashboard and by Regional Settings.
 */
export function TimeZoneForm({ onSaved }: { onSaved?: () => void }) {
  const settings = useSettings();
  const update = useUpdateTimeZone();
  const saved = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? saved;
  const { formRef } = useFormFocus<HTMLDivElement>(update.isPending);

  function save() {
    if (!isAustralianZone(value)) return;
    update.mutate(value, {
      onSuccess: () => {
        setChosen(null);
        notifications.show({ color: 'green', message: `Time zone set to ${value}.` });
        onSaved?.();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not save the time zone',
          message: errorMessage(error),
        }),
    });
  }

  return (
    <Stack gap="sm" ref={formRef}>
      <Select
        label="Time zone"
        description="Days, weeks and months on the dashboard and in earnings follow this zone."
        data={TIME_ZONE_OPTIONS}
        value={value}
        onChange={setChosen}
        allowDeselect={false}
        searchable
        disabled={settings.isPending}
      />
      {settings.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(settings.error)}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={value === saved}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
