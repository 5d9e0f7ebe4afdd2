import { Checkbox, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { AlertTriangle, ArrowDown, ArrowUp } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { formatDateTime } from '../../../../domain/format';
import { attentionLabel, type Job, type JobSort } from '../../../../domain/jobs';
import { formatDollars } from '../../../lib/format-dollars';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { JobStatusBadge } from './job-status-badge';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

type JobsTableProps = {
  jobs: Job[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
  sort: JobSort;
  dir: 'asc' | 'desc';
  onSort: (sort: JobSort) => void;
  onOpen: (job: Job) => void;
};

/** Why the job needs attention, a returned or declined job in its own words (decision 160). */
function attentionText(job: Job): string {
  return job.attention.map((reason) => attentionLabel(reason, job)).join('; ');
}

function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
}: {
  label: string;
  column: JobSort;
  sort: JobSort;
  dir: 'asc' | 'desc';
  onSort: (sort: JobSort) => void;
}) {
  const isActive = sort === column;
  const Icon = dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Table.Th aria-sort={isActive ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {isActive ? <Icon size={14} aria-hidden /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The spec's columns: Job Details, Locations, Passenger, Status, plus driver and fare. */
export function JobsTable({
  jobs,
  selected,
  onToggle,
  onToggleAll,
  sort,
  dir,
  onSort,
  onOpen,
}: JobsTableProps) {
  const timeZone = useBusinessTimeZone();
  const isAllSelected = jobs.length > 0 && jobs.every((job) => selected.has(job.id));
  const isSomeSelected = jobs.some((job) => selected.has(job.id));
  const header = { sort, dir, onSort };

  function openOnKey(event: KeyboardEvent, job: Job) {
    if (event.key === 'Enter') onOpen(job);
  }

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all jobs on this page"
                checked={isAllSelected}
                indeterminate={!isAllSelected && isSomeSelected}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <SortHeader label="Job Details" column="pickupTime" {...header} />
            <Table.Th>Locations</Table.Th>
            <SortHeader label="Passenger" column="passenger" {...header} />
            <SortHeader label="Status" column="status" {...header} />
            <SortHeader label="Driver" column="driver" {...header} />
            <SortHeader label="Fare" column="fare" {...header} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr
              key={job.id}
              tabIndex={0}
              aria-label={`Job #${job.reference}`}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(job)}
              onKeyDown={(event) => openOnKey(event, job)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select job #${job.reference}`}
                  checked={selected.has(job.id)}
                  onChange={() => onToggle(job.id)}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Group gap={4} wrap="nowrap">
                    <Text fw={700} ff="monospace" size="sm">
                      #{job.reference}
                    </Text>
                    {job.attention.length > 0 ? (
                      <Tooltip label={attentionText(job)}>
                        <AlertTriangle
                          size={14}
                          color="var(--mantine-color-red-7)"
                          aria-label={`Needs attention: ${attentionText(job)}`}
                        />
                      </Tooltip>
                    ) : null}
                  </Group>
                  <Text size="sm">{formatDateTime(job.pickupTime, timeZone)}</Text>
                  <Text size="xs" c="dimmed">
                    {job.vehicleType} · {job.source}
                    {job.accountCode ? ` · ${job.accountCode}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={1}>
                  {job.pickupLocation}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  → {job.dropoffLocation}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{job.passengerName || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {phoneForDisplay(job.phone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <JobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {job.driver
                    ? `${job.driver.firstName} ${job.driver.lastName}`.trim()
                    : 'Unassigned'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDollars(job.fareAmount)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
