import { Badge, Button, Group, Select, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_LABELS, type Role } from '../../../../domain/access';
import { formatDateOrNever } from '../../../../domain/format';
import type { StaffUser } from '../../../../domain/users';
import { useMe } from '../../auth/api/get-me';
import { useUnlockUser } from '../api/unlock-user';
import { useUpdateUser } from '../api/update-user';
import { NO_ROLE } from '../utils/role-options';
import { ROLE_OPTIONS } from '../utils/role-options';
import { showError } from '../utils/role-options';

type UserChange = { role?: Role | null; disabled?: boolean };

/** What a change did, in words: 'Dee Spatch is now Operator.' */
function changeSentence(label: string, changes: UserChange): string {
  if (changes.role !== undefined) {
    return changes.role === null
      ? `${label} has no role now.`
      : `${label} is now ${ROLE_LABELS[changes.role]}.`;
  }
  return changes.disabled ? `${label} can no longer sign in.` : `${label} can sign in again.`;
}

/** The change that puts back what `changes` changed on `user`. */
function undoing(user: StaffUser, changes: UserChange): UserChange {
  return changes.role !== undefined ? { role: user.role } : { disabled: user.disabled };
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

  /**
   * Sends the change, then says what it did with an Undo: a role or a
   * switch changes on one click, and a slip should cost one click to mend.
   */
  function change(user: StaffUser, changes: UserChange, isUndo = false) {
    const label = user.name || user.email;
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          const id = notifications.show({
            color: 'green',
            message: (
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <span>{changeSentence(label, changes)}</span>
                {isUndo ? null : (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => {
                      notifications.hide(id);
                      change(user, undoing(user, changes), true);
                    }}
                  >
                    Undo
                  </Button>
                )}
              </Group>
            ),
          });
        },
        onError: (error) => showError(`Could not update ${label}`, error),
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
