import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ACKNOWLEDGEMENT_TIMEOUT_MINUTES,
  DispatchSettingsSchema,
  NO_SHOW_WAIT_MINUTES,
  SET_OFF_WINDOW_MINUTES,
  type DispatchSettings,
} from '../../../../domain/settings';
import { minutesInWords } from '../../../../domain/format/duration-words';
import { parseTypedNumber } from '../../../../domain/format/typed-number';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { useFormFocus } from '../../../lib/form-focus';
import { schemaError } from '../../../lib/schema-error';
import type { Settings } from '../api/get-settings';
import { useUpdateDispatch } from '../api/update-dispatch';
import { useSettingVersion } from '../hooks/use-setting-version';
import { showSaved } from '../utils/show-saved';
import { ChangedSinceNotices } from './changed-since-notices';
import { SectionCard } from './section-card';

/**
 * The form holds what was typed. Out of range is refused with the schema's
 * reason, not clamped on blur: '20' became 30 and was saved without a word
 * (as the fare field, decision 95). Nor is anything dropped from what was
 * typed: '60.5' was read as 605 and '-45' as 45 (decision 111).
 */
type DispatchForm = { [K in keyof DispatchSettings]: number | string };

/** The same rule the server applies, as the form's message for one field. */
function checkMinutes(field: keyof DispatchSettings) {
  // The label names the unit, and the message says it again where it matters.
  return (value: number | string) =>
    schemaError(DispatchSettingsSchema.shape[field], parseTypedNumber(value) ?? undefined);
}

/** Another admin's save meanwhile refuses this one (decision 220). */
export function DispatchSection({ settings }: { settings: Settings }) {
  const update = useUpdateDispatch();
  const form = useForm<DispatchForm>({
    mode: 'controlled',
    initialValues: settings.dispatch,
    validate: {
      acknowledgementTimeoutMinutes: checkMinutes('acknowledgementTimeoutMinutes'),
      noShowWaitMinutes: checkMinutes('noShowWaitMinutes'),
      setOffWindowMinutes: checkMinutes('setOffWindowMinutes'),
    },
  });
  // 360 is easier to check as '6 hours'.
  const setOffWindow = DispatchSettingsSchema.shape.setOffWindowMinutes.safeParse(
    parseTypedNumber(form.values.setOffWindowMinutes),
  );
  const windowInHours =
    setOffWindow.success && setOffWindow.data >= 60
      ? ` ${setOffWindow.data} minutes is ${minutesInWords(setOffWindow.data)}.`
      : '';

  const version = useSettingVersion({
    setting: 'dispatch',
    settings,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill: (saved) => showSaved(form, saved),
  });

  const { formRef, focusRefused, showRefusal } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    const body = DispatchSettingsSchema.parse({
      acknowledgementTimeoutMinutes: parseTypedNumber(values.acknowledgementTimeoutMinutes),
      noShowWaitMinutes: parseTypedNumber(values.noShowWaitMinutes),
      setOffWindowMinutes: parseTypedNumber(values.setOffWindowMinutes),
    });
    update.mutate(
      { ...body, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (result) => {
          showSaved(form, result);
          notifications.show({ color: 'green', message: 'Dispatch settings saved.' });
        },
        onError: (error) => {
          if (version.refused(error)) focusRefused();
          else showRefusal(error, form.setErrors, 'Could not save');
        },
      },
    );
  }, focusRefused);

  return (
    <SectionCard
      title="Dispatch"
      description="How long dispatch waits on drivers, and how early they may set off. Changes apply at once."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <ChangedSinceNotices version={version} hasTypedChanges={form.isDirty()} />
          <WholeNumberInput
            label="Acknowledgement timeout (minutes)"
            description="An assignment the driver has not accepted after this long is flagged to dispatch."
            min={ACKNOWLEDGEMENT_TIMEOUT_MINUTES.min}
            max={ACKNOWLEDGEMENT_TIMEOUT_MINUTES.max}
            {...form.getInputProps('acknowledgementTimeoutMinutes')}
            value={form.values.acknowledgementTimeoutMinutes}
          />
          <WholeNumberInput
            label="No-show waiting time (minutes)"
            description="After arriving at the pickup, how long a driver waits before they may mark a no-show."
            min={NO_SHOW_WAIT_MINUTES.min}
            max={NO_SHOW_WAIT_MINUTES.max}
            {...form.getInputProps('noShowWaitMinutes')}
            value={form.values.noShowWaitMinutes}
          />
          <WholeNumberInput
            label="Earliest set-off before pickup (minutes)"
            description={`How long before the pickup time a driver may tap En route (and Completed). ${SET_OFF_WINDOW_MINUTES.min} minutes to ${minutesInWords(SET_OFF_WINDOW_MINUTES.max)}; give more for a long drive out to a country pickup.${windowInHours}`}
            min={SET_OFF_WINDOW_MINUTES.min}
            max={SET_OFF_WINDOW_MINUTES.max}
            step={15}
            {...form.getInputProps('setOffWindowMinutes')}
            value={form.values.setOffWindowMinutes}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
