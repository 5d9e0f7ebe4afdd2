import { Button, Group, Stack, Switch, TagsInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NotificationSettingsSchema, type NotificationSettings } from '../../../../domain/settings';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { schemaError } from '../../../lib/schema-error';
import type { Settings } from '../api/get-settings';
import { useUpdateNotifications } from '../api/update-notifications';
import { useSettingVersion } from '../hooks/use-setting-version';
import { showSaved } from '../utils/show-saved';
import { ChangedSinceNotices } from './changed-since-notices';
import { SectionCard } from './section-card';

/** Another admin's save meanwhile refuses this one (decision 220). */
export function NotificationsSection({ settings }: { settings: Settings }) {
  const update = useUpdateNotifications();
  const form = useForm<NotificationSettings>({
    mode: 'controlled',
    initialValues: settings.notifications,
    validate: {
      recipients: (list) => {
        const recipient = NotificationSettingsSchema.shape.recipients.element;
        const bad = list.find((email) => schemaError(recipient, email, 'bad') !== null);
        return bad ? `${bad} is not an email address` : null;
      },
    },
  });

  const version = useSettingVersion({
    setting: 'notifications',
    settings,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill: (saved) => showSaved(form, saved),
  });

  const { formRef, focusRefused } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...values, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (result) => {
          showSaved(form, result);
          notifications.show({ color: 'green', message: 'Notification settings saved.' });
        },
        onError: (error) => {
          if (version.refused(error)) {
            focusRefused();
          } else if (isApiError(error) && error.fields) {
            form.setErrors({ recipients: error.message });
            focusRefused();
          } else
            notifications.show({
              color: 'red',
              title: 'Could not save',
              message: errorMessage(error),
            });
        },
      },
    );
  }, focusRefused);

  return (
    <SectionCard
      title="Notifications"
      description="Which events send an email, and who receives it."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <ChangedSinceNotices version={version} hasTypedChanges={form.isDirty()} />
          <Switch
            label="New online booking"
            {...form.getInputProps('newOnlineBooking', { type: 'checkbox' })}
          />
          <Switch
            label="Document expiring (30, 14, 7 and 1 days before)"
            description="Drivers', vehicles' and the business's own documents; the business's once more when expired."
            {...form.getInputProps('documentExpiring', { type: 'checkbox' })}
          />
          <Switch
            label="Driver suspended"
            {...form.getInputProps('driverSuspended', { type: 'checkbox' })}
          />
          <TagsInput
            label="Recipients"
            // notifyAdmins (server, features/mail) sends every admin notice, the always-sent ones too, this way.
            description="Left empty, these mails and the ones always sent (locked accounts, sign-ups waiting for a role, drivers' uploads to verify) go to every admin whose account is not disabled; addresses listed here get them instead of the admins. Press Enter after each address."
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
