import { Anchor, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ROLE_LABELS, ROLES, type Role } from '../../../../domain/access';
import {
  invitationNotMailedWords,
  InviteUserInputSchema,
  USER_EMAIL_MAX,
  USER_NAME_MAX,
} from '../../../../domain/users';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { schemaError } from '../../../lib/schema-error';
import { useInviteUser } from '../api/invite-user';
import { showError } from '../utils/role-options';

/** Invite: the invitee gets a mail with a link to choose their password. */
export function InviteUserForm() {
  const invite = useInviteUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', role: 'dispatcher' as Role },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name'),
      email: (value) =>
        schemaError(InviteUserInputSchema.shape.email, value.trim(), 'Enter a valid email address'),
    },
  });

  const submit = form.onSubmit((values) => {
    invite.mutate(values, {
      onSuccess: ({ user, invitation }) => {
        const notMailed = invitationNotMailedWords(invitation, user.email);
        notifications.show(
          notMailed === null
            ? {
                color: 'green',
                title: 'Invitation sent',
                message: `${user.email} will get a link to choose a password.`,
              }
            : {
                color: invitation === 'held' ? 'yellow' : 'red',
                title:
                  invitation === 'held' ? 'Invitation kept in the outbox' : 'Invitation not sent',
                message: notMailed,
              },
        );
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setErrors(error.fields);
        else showError('Could not invite the user', error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Name"
          required
          maxLength={USER_NAME_MAX}
          miw={160}
          style={{ flex: 1 }}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          maxLength={USER_EMAIL_MAX}
          miw={200}
          style={{ flex: 1 }}
          {...form.getInputProps('email')}
        />
        <Select
          label="Role"
          data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          allowDeselect={false}
          w={150}
          {...form.getInputProps('role')}
        />
        {form.values.role === 'driver' && (
          // A driver's account alone gives no jobs: dispatch assigns driver records.
          <Text size="sm" c="dimmed" w="100%">
            A driver needs a driver record too:{' '}
            <Anchor component={Link} to={paths.adminDrivers}>
              Drivers → Add Driver
            </Anchor>{' '}
            invites them and makes it in one step.
          </Text>
        )}
        <Button type="submit" loading={invite.isPending}>
          Invite user
        </Button>
      </Group>
    </form>
  );
}
