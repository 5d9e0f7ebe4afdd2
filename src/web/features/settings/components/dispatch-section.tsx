import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ACKNOWLEDGEMENT_TIMEOUT_MINUTES,
  DispatchSettingsSchema,
  NO_SHOW_WAIT_MINUTES,
  type DispatchSettings,
} from '../../../../domain/settings';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useUpdateDispatch } from '../api/update-dispatch';
import { SectionCard } from './section-card';

/** The form holds '' while a field is being retyped. */
type DispatchForm = { [K in keyof DispatchSettings]: number | string };

/** The same rule the server applies, as the form's message for one field. */
function checkMinutes(field: keyof DispatchSettings) {
  return (value: number | string) => {
    const result = DispatchSettingsSchema.shape[field].safeParse(
      value === '' ? undefined : Number(value),
    );
    return result.success ? null : `Minutes: ${result.error.issues[0]?.message ?? 'invalid'}`;
  };
}

export function DispatchSection({ saved }: { saved: DispatchSettings }) {
  const update = useUpdateDispatch();
  const form = useForm<DispatchForm>({
    mode: 'controlled',
    initialValues: saved,
    validate: {
      acknowledgementTimeoutMinutes: checkMinutes('acknowledgementTimeoutMinutes'),
      noShowWaitMinutes: checkMinutes('noShowWaitMinutes'),
    },
  });

  const submit = form.onSubmit((values) => {
    const body = DispatchSettingsSchema.parse({
      acknowledgementTimeoutMinutes: Number(values.acknowledgementTimeoutMinutes),
      noShowWaitMinutes: Number(values.noShowWaitMinutes),
    });
    update.mutate(body, {
      onSuccess: (result) => {
        form.setInitialValues(result);
        form.setValues(result);
        notifications.show({ color: 'green', message: 'Dispatch settings saved.' });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setErrors(error.fields);
        else
          notifications.show({
            color: 'red',
            title: 'Could not save',
            message: errorMessage(error),
          });
      },
    });
  });

  return (
    <SectionCard
      title="Dispatch"
      description="How long dispatch waits on drivers. Changes apply at once."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={480}>
          <NumberInput
            label="Acknowledgement timeout (minutes)"
            description="An assignment the driver has not accepted after this long is flagged to dispatch."
            min={ACKNOWLEDGEMENT_TIMEOUT_MINUTES.min}
            max={ACKNOWLEDGEMENT_TIMEOUT_MINUTES.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('acknowledgementTimeoutMinutes')}
          />
          <NumberInput
            label="No-show waiting time (minutes)"
            description="After arriving at the pickup, how long a driver waits before they may mark a no-show."
            min={NO_SHOW_WAIT_MINUTES.min}
            max={NO_SHOW_WAIT_MINUTES.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('noShowWaitMinutes')}
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
