import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useSettings } from '../../settings/api/get-settings';
import { useUsers } from '../api/get-users';
import { RolesList } from './roles-list';
import { UsersTable } from './users-table';
import { InviteUserForm } from './invite-user-form';
import { AccessTableEditor } from './access-table-editor';

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
          <AccessTableEditor settings={settings.data} />
        </Stack>
      ) : null}
    </Stack>
  );
}
