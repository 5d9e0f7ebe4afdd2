import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  accessTableProblem,
  AREA_PATHS,
  AREAS,
  ROLE_LABELS,
  ROLES,
  type AccessTable,
  type Area,
  type Role,
} from '../../../../domain/access';
import { formatDateOrNever } from '../../../../domain/format';
import type { StaffUser } from '../../../../domain/users';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useMe } from '../../auth/api/get-me';
import { useSettings } from '../../settings/api/get-settings';
import { useUsers } from '../api/get-users';
import { useInviteUser } from '../api/invite-user';
import { useUpdateAccessTable } from '../../settings/api/update-access-table';
import { useUnlockUser } from '../api/unlock-user';
import { useUpdateUser } from '../api/update-user';

const NO_ROLE = 'none';
const ROLE_OPTIONS = [
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  { value: NO_ROLE, label: 'No role' },
];

function showError(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}

/** The four roles, how many users hold each, and the areas each may open. */
export function RolesList({
  users,
  table,
}: {
  users: StaffUser[];
  table: AccessTable | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Areas</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROLES.map((role) => {
            const areas = table ? AREAS.filter((area) => table[area].includes(role)) : [];
            return (
              <Table.Tr key={role}>
                <Table.Td fw={600}>{ROLE_LABELS[role]}</Table.Td>
                <Table.Td>{users.filter((user) => user.role === role).length}</Table.Td>
                <Table.Td>
                  {areas.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Calculator only
                    </Text>
                  ) : (
                    <Group gap={4}>
                      {areas.map((area) => (
                        <Badge key={area} variant="light" tt="none">
                          {AREA_PATHS[area]}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Every staff user with a role select and a disable switch. */
export function UsersTable({ users }: { users: StaffUser[] }) {
  const me = useMe();
  const update = useUpdateUser();
  const unlock = useUnlockUser();

  function unlockSignIn(user: StaffUser) {
    unlock.mutate(user.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: `${user.name || user.email} can sign in again.`,
        }),
      onError: (error) => showError(`Could not unlock ${user.name || user.email}`, error),
    });
  }

  function change(user: StaffUser, changes: { role?: Role | null; disabled?: boolean }) {
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `${user.name || user.email} updated.` }),
        onError: (error) => showError(`Could not update ${user.name || user.email}`, error),
      },
    );
  }

  return (
    <Table.ScrollContainer minWidth={440}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Enabled</Table.Th>
            <Table.Th visibleFrom="sm">Last sign-in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const isMe = user.id === me.data?.user.id;
            const label = user.name || user.email;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {user.name}
                    {isMe ? ' (you)' : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                  {user.role === null && !user.disabled ? (
                    <Badge color="yellow" variant="light" mt={4}>
                      Waiting for a role
                    </Badge>
                  ) : null}
                  {user.lockedUntil ? (
                    <Group gap="xs" mt={4}>
                      <Badge color="red" variant="light">
                        Sign-in locked
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {user.recentFailedSignIns} failed in the last hour
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={`Unlock sign-in for ${label}`}
                        loading={unlock.isPending && unlock.variables === user.id}
                        onClick={() => unlockSignIn(user)}
                      >
                        Unlock
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
                <Table.Td miw={140}>
                  <Select
                    aria-label={`Role of ${label}`}
                    data={ROLE_OPTIONS}
                    value={user.role ?? NO_ROLE}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value === null) return;
                      change(user, { role: value === NO_ROLE ? null : (value as Role) });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${label} enabled`}
                    checked={!user.disabled}
                    disabled={isMe}
                    onChange={(event) => change(user, { disabled: !event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDateOrNever(user.lastSignInAt)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Invite: the invitee gets a mail with a link to choose their password. */
export function InviteUserForm() {
  const invite = useInviteUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', role: 'dispatcher' as Role },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name'),
      email: (value) =>
        /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address',
    },
  });

  const submit = form.onSubmit((values) => {
    invite.mutate(values, {
      onSuccess: ({ user }) => {
        notifications.show({
          color: 'green',
          title: 'Invitation sent',
          message: `${user.email} will get a link to choose a password.`,
        });
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
          miw={160}
          style={{ flex: 1 }}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          required
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
        <Button type="submit" loading={invite.isPending}>
          Invite user
        </Button>
      </Group>
    </form>
  );
}

/** The role → area table as a grid of checkboxes. */
export function AccessTableEditor({ table }: { table: AccessTable }) {
  const update = useUpdateAccessTable();
  const [draft, setDraft] = useState<AccessTable | null>(null);
  const current = draft ?? table;
  const problem = accessTableProblem(current);

  function toggle(area: Area, role: Role, granted: boolean) {
    const roles = granted
      ? [...current[area], role]
      : current[area].filter((existing) => existing !== role);
    setDraft({ ...current, [area]: roles });
  }

  function save() {
    update.mutate(current, {
      onSuccess: () => {
        setDraft(null);
        notifications.show({ color: 'green', message: 'Access table saved.' });
      },
      onError: (error) => showError('Could not save the access table', error),
    });
  }

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4} aria-label="Access table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Area</Table.Th>
              {ROLES.map((role) => (
                <Table.Th key={role} ta="center">
                  {ROLE_LABELS[role]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {AREAS.map((area) => (
              <Table.Tr key={area}>
                <Table.Td>{AREA_PATHS[area]}</Table.Td>
                {ROLES.map((role) => (
                  <Table.Td key={role}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${ROLE_LABELS[role]} may open ${AREA_PATHS[area]}`}
                      checked={current[area].includes(role)}
                      onChange={(event) => toggle(area, role, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problem ? (
        <Text c="red" size="sm" role="alert">
          {AREA_PATHS.settings} {problem.problem}.
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setDraft(null)} disabled={draft === null}>
          Undo changes
        </Button>
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={draft === null || problem !== null}
        >
          Save access table
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Users & Roles: the four roles, the staff users (role, enabled), an invite
 * form and the access table. Shared by the dashboard's Edit Roles dialog and
 * the Settings screen.
 */
export function UsersAndRoles({ showAccessTable = true }: { showAccessTable?: boolean }) {
  const users = useUsers();
  const settings = useSettings();

  if (users.isPending) return <Loader aria-label="Loading users" />;
  if (users.isError) {
    return (
      <Alert color="red" title="Could not load the users">
        {errorMessage(users.error)}
      </Alert>
    );
  }
  const list = users.data.users;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Roles
        </Title>
        <RolesList users={list} table={settings.data?.accessTable} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Users
        </Title>
        <UsersTable users={list} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Invite user
        </Title>
        <InviteUserForm />
      </Stack>
      {showAccessTable && settings.data ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            Access by role
          </Title>
          <Text size="sm" c="dimmed">
            Which roles may open each area, and so use its part of the API.
          </Text>
          <AccessTableEditor table={settings.data.accessTable} />
        </Stack>
      ) : null}
    </Stack>
  );
}
