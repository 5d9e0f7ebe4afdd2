import { Badge, Group, Table, Text } from '@mantine/core';
import { AREA_PATHS, AREAS, ROLE_LABELS, ROLES, type AccessTable } from '../../../../domain/access';
import type { StaffUser } from '../../../../domain/users';

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
