import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
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
import { useFormFocus } from '../../../lib/form-focus';
import type { Settings } from '../../settings/api/get-settings';
import { useUpdateAccessTable } from '../../settings/api/update-access-table';
import { ChangedSinceNotices } from '../../settings/components/changed-since-notices';
import { useSettingVersion } from '../../settings/hooks/use-setting-version';
import { showError } from '../utils/role-options';

/**
 * The role → area table as a grid of checkboxes. Another admin's save
 * meanwhile refuses this one (decision 220).
 */
export function AccessTableEditor({ settings }: { settings: Settings }) {
  const update = useUpdateAccessTable();
  // The table as last saved, and the one ticked here (null: nothing changed).
  const [saved, setSaved] = useState<AccessTable>(settings.accessTable);
  const [draft, setDraft] = useState<AccessTable | null>(null);
  const current = draft ?? saved;
  const problem = accessTableProblem(current);
  const version = useSettingVersion({
    setting: 'accessTable',
    settings,
    isDirty: draft !== null,
    isSaving: update.isPending,
    fill: (table) => {
      setSaved(table);
      setDraft(null);
    },
  });
  const { formRef, focusRefused } = useFormFocus<HTMLDivElement>(update.isPending);

  function toggle(area: Area, role: Role, granted: boolean) {
    const roles = granted
      ? [...current[area], role]
      : current[area].filter((existing) => existing !== role);
    setDraft({ ...current, [area]: roles });
  }

  function save() {
    update.mutate(
      { ...current, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (table) => {
          setSaved(table);
          setDraft(null);
          notifications.show({ color: 'green', message: 'Access table saved.' });
        },
        onError: (error) => {
          if (version.refused(error)) focusRefused();
          else showError('Could not save the access table', error);
        },
      },
    );
  }

  return (
    <Stack gap="sm" ref={formRef}>
      <ChangedSinceNotices version={version} hasTypedChanges={draft !== null} />
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
