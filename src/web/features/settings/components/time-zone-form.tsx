import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AUSTRALIAN_TIME_ZONES } from '../../../../domain/settings';
import { errorMessage } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { useSettings, type Settings } from '../api/get-settings';
import { useUpdateTimeZone, type AustralianTimeZone } from '../api/update-time-zone';
import { useSettingVersion } from '../hooks/use-setting-version';
import { ChangedSinceNotices } from './changed-since-notices';

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
  if (settings.isPending) return <Loader size="sm" aria-label="Loading settings" />;
  if (settings.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {errorMessage(settings.error)}
      </Text>
    );
  }
  return <TimeZoneChoice settings={settings.data} onSaved={onSaved} />;
}

/** Another admin's save meanwhile refuses this one (decision 220). */
function TimeZoneChoice({ settings, onSaved }: { settings: Settings; onSaved?: () => void }) {
  const update = useUpdateTimeZone();
  // The zone as last saved, and the one chosen here (null: none chosen).
  const [saved, setSaved] = useState<string>(settings.timeZone);
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? saved;
  const isDirty = value !== saved;
  const version = useSettingVersion({
    setting: 'timeZone',
    settings,
    isDirty,
    isSaving: update.isPending,
    fill: (zone) => {
      setSaved(zone);
      setChosen(null);
    },
  });
  const { formRef, focusRefused } = useFormFocus<HTMLDivElement>(update.isPending);

  function save() {
    if (!isAustralianZone(value)) return;
    update.mutate(
      { timeZone: value, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (result) => {
          setSaved(result.timeZone);
          setChosen(null);
          notifications.show({ color: 'green', message: `Time zone set to ${value}.` });
          onSaved?.();
        },
        onError: (error) => {
          if (version.refused(error)) focusRefused();
          else
            notifications.show({
              color: 'red',
              title: 'Could not save the time zone',
              message: errorMessage(error),
            });
        },
      },
    );
  }

  return (
    <Stack gap="sm" ref={formRef}>
      <ChangedSinceNotices version={version} hasTypedChanges={isDirty} />
      <Select
        label="Time zone"
        description="Days, weeks and months on the dashboard and in earnings follow this zone."
        data={TIME_ZONE_OPTIONS}
        value={value}
        onChange={setChosen}
        allowDeselect={false}
        searchable
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending} disabled={!isDirty}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
