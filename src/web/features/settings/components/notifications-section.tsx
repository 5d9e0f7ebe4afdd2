import { Button, Group, Stack, Switch, TagsInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NotificationSettingsSchema, type NotificationSettings } from '../../../../domain/settings';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { schemaError } from '../../../lib/schema-error';
import { useUpdateNotifications } from '../api/update-notifications';
import { SectionCard } from './section-card';

export function NotificationsSection({ saved }: { saved: NotificationSettings }) {
  const update = useUpdateNotifications();
  const form = useForm<NotificationSettings>({
    mode: 'controlled',
    initialValues: saved,
    validate: {
      recipients: (list) => {
        const recipient = NotificationSettingsSchema.shape.recipients.element;
        const bad = list.find((email) => schemaError(recipient, email, 'bad') !== null);
        return bad ? `${bad} is not an email address` : null;
      },
    },
  });

  const { formRef, focusRefused } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: (result) => {
        form.setInitialValues(result);
        form.setValues(result);
        notifications.show({ color: 'green', message: 'Notification settings saved.' });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          form.setErrors({ recipients: error.message });
          focusRefused();
        } else
          notifications.show({
            color: 'red',
            title: 'Could not save',
            message: errorMessage(error),
          });
      },
    });
  }, focusRefused);

  return (
    <SectionCard
      title="Notifications"
      description="Which events send an email, and who receives it."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Switch
            label="New online booking"
            {...form.getInputProps('newOnlineBooking', { type: 'checkbox' })}
          />
          <Switch
            label="Driver document expiring (30 days before)"
            {...form.getInputProps('documentExpiring', { type: 'checkbox' })}
          />
          <Switch
            label="Driver suspended"
            {...form.getInputProps('driverSuspended', { type: 'checkbox' })}
          />
          <TagsInput
            label="Recipients"
            description="Press Enter after each address."
            placeholder="name@example.com"
            splitChars={[',', ' ', ';']}
            {...form.getInputProps('recipients')}
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
