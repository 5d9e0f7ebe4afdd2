import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  BUSINESS_FIELD_MAX,
  BusinessSettingsSchema,
  type BusinessSettings,
} from '../../../../domain/settings';
import { useFormFocus } from '../../../lib/form-focus';
import type { Settings } from '../api/get-settings';
import { useUpdateBusiness } from '../api/update-business';
import { useSettingVersion } from '../hooks/use-setting-version';
import { showSaved } from '../utils/show-saved';
import { ChangedSinceNotices } from './changed-since-notices';
import { SectionCard } from './section-card';

function schemaErrors(values: BusinessSettings): Record<string, string> {
  const parsed = BusinessSettingsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??=
      field === 'email'
        ? 'Enter a valid email address or leave it empty'
        : field === 'bookNowUrl'
          ? 'Enter a path such as /book or an http(s) address'
          : field === 'name'
            ? 'Enter the business name'
            : issue.message;
  }
  return errors;
}

/** Another admin's save meanwhile refuses this one (decision 220). */
export function BusinessSection({ settings }: { settings: Settings }) {
  const update = useUpdateBusiness();
  const form = useForm<BusinessSettings>({
    mode: 'controlled',
    initialValues: settings.business,
    validate: schemaErrors,
  });
  const version = useSettingVersion({
    setting: 'business',
    settings,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill: (business) => showSaved(form, business),
  });

  const { formRef, focusRefused, showRefusal } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    update.mutate(
      { ...values, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (result) => {
          showSaved(form, result);
          notifications.show({ color: 'green', message: 'Business details saved.' });
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
      title="Business"
      description="Your business name signs every mail the app sends and thanks customers when they book online; the booking confirmation gives them your phone number. The top of each page keeps the app's own name. Book Now on the fare calculator opens the page set below."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm" maw={560}>
          <ChangedSinceNotices version={version} hasTypedChanges={form.isDirty()} />
          <TextInput
            label="Business name"
            maxLength={BUSINESS_FIELD_MAX.name}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Phone"
            type="tel"
            maxLength={BUSINESS_FIELD_MAX.phone}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            type="email"
            maxLength={BUSINESS_FIELD_MAX.email}
            description="Replies to the app's mails go here. Empty: they go to the no-reply sender address."
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Book Now target URL"
            maxLength={BUSINESS_FIELD_MAX.bookNowUrl}
            description="/book is our own booking page; an http(s) address sends visitors elsewhere."
            {...form.getInputProps('bookNowUrl')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
