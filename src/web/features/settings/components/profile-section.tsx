import { Alert, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { UpdateProfileInputSchema, type Profile } from '../../../../domain/settings';
import { PASSWORD_MAX, USER_EMAIL_MAX, USER_NAME_MAX } from '../../../../domain/users';
import { errorMessage } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { schemaError } from '../../../lib/schema-error';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { SectionCard } from './section-card';

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: profile.name, email: profile.email, currentPassword: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a display name'),
      email: (value) =>
        schemaError(
          UpdateProfileInputSchema.shape.email,
          value.trim(),
          'Enter a valid email address',
        ),
      currentPassword: (value, values) =>
        emailChanged(values.email) && !value
          ? 'Enter your current password to change your email'
          : null,
    },
  });

  function emailChanged(email: string) {
    return email.trim().toLowerCase() !== profile.email.toLowerCase();
  }

  useEffect(() => {
    // A saved profile becomes the new starting point for Cancel.
    form.setInitialValues({ name: profile.name, email: profile.email, currentPassword: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile]);

  const isEmailChanged = emailChanged(form.values.email);

  const { formRef, focusRefused, showRefusal } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    update.mutate(
      {
        name: values.name.trim(),
        ...(isEmailChanged
          ? { email: values.email.trim(), currentPassword: values.currentPassword }
          : {}),
      },
      {
        onSuccess: (saved) => {
          form.setValues({ name: saved.name, email: saved.email, currentPassword: '' });
          notifications.show({ color: 'green', message: 'Profile saved.' });
        },
        onError: (error) => {
          showRefusal(error, form.setErrors, 'Could not save');
        },
      },
    );
  }, focusRefused);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Display Name"
          autoComplete="name"
          maxLength={USER_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          maxLength={USER_EMAIL_MAX}
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        {isEmailChanged ? (
          <PasswordInput
            label="Current password"
            description="Needed to change the email you sign in with."
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfileSection() {
  const profile = useProfile();
  return (
    <SectionCard
      title="Profile Settings"
      description="Your name as others see it, and the email you sign in with."
    >
      {profile.isPending ? (
        <Loader aria-label="Loading your profile" />
      ) : profile.isError ? (
        <Alert color="red">{errorMessage(profile.error)}</Alert>
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </SectionCard>
  );
}
