import { Button, Checkbox, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX } from '../../../../domain/users';
import { errorMessage } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { useChangePassword } from '../api/change-password';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { SectionCard } from './section-card';

const MIN_PASSWORD_LENGTH = 8;

export function SecuritySection() {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const signOutOthers = useSignOutOtherSessions();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      revokeOtherSessions: true,
    },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: (value) =>
        value.length >= MIN_PASSWORD_LENGTH
          ? null
          : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : 'The passwords do not match',
    },
  });

  const { formRef, focusRefused, showRefusal } = useFormFocus(change.isPending);

  const submit = form.onSubmit(({ currentPassword, newPassword, revokeOtherSessions }) => {
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: async () => {
          form.reset();
          notifications.show({ color: 'green', message: 'Password changed.' });
          // Revoking sessions gave this browser a new session cookie.
          await queryClient.invalidateQueries({ queryKey: ['me'] });
        },
        onError: (error) => {
          showRefusal(error, form.setErrors, 'Could not change the password');
        },
      },
    );
  }, focusRefused);

  return (
    <SectionCard
      title="Security"
      description="Change your password and end sessions on other devices."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm" maw={480}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label="Sign out my other sessions too"
            {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider my="lg" />
      <Stack gap="xs" maw={480} align="flex-start">
        <Text size="sm">Signed in on a shared or lost device? End every session but this one.</Text>
        <Button
          variant="light"
          color="red"
          loading={signOutOthers.isPending}
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: 'Your other sessions are signed out.',
                }),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'Could not sign out other sessions',
                  message: errorMessage(error),
                }),
            })
          }
        >
          Sign out other sessions
        </Button>
      </Stack>
    </SectionCard>
  );
}
