import { Badge, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ImportAction, ImportCounts, ReportRow } from '../../../../domain/imports/api';
import { formatCount } from '../../../../domain/format';

export const ACTION_LABELS: Record<ImportAction, string> = {
  new: 'New',
  merge: 'Merge',
  skip: 'Skip',
  error: 'Error',
};
const ACTION_COLORS: Record<ImportAction, string> = {
  new: 'green',
  merge: 'blue',
  skip: 'gray',
  error: 'red',
};

/** Rows of a report shown in the dialog; the CSV download has every one. */
const REPORT_ROWS_SHOWN = 100;

/**
 * An import's counts; a preview's (`planned`) say what Confirm import would
 * do, not what was done.
 */
export function ImportCountsGrid({
  counts,
  planned = false,
}: {
  counts: ImportCounts;
  planned?: boolean;
}) {
  const items: [string, number][] = [
    ['Total', counts.total],
    [planned ? 'To add' : 'Imported', counts.imported],
    [planned ? 'To merge' : 'Merged', counts.merged],
    [planned ? 'To skip' : 'Skipped', counts.skipped],
    ['Errors', counts.errors],
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
      {items.map(([label, value]) => (
        <Stack key={label} gap={0} align="center">
          <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
            {formatCount(value)}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {label}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ActionBadge({ action }: { action: ImportAction }) {
  return (
    <Badge
      color={ACTION_COLORS[action]}
      variant="light"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {ACTION_LABELS[action]}
    </Badge>
  );
}

/** A report's rows: every row that was not simply added, with its line and reason. */
export function ReportRows({ rows, label }: { rows: ReportRow[]; label: string }) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, REPORT_ROWS_SHOWN);
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={240} type="auto">
        <Table fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th miw={90}>Result</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>
                  <ActionBadge action={row.action} />
                </Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > shown.length && (
        <Text size="xs" c="dimmed">
          The first {shown.length} of {formatCount(rows.length)} rows; the downloaded report has
          them all.
        </Text>
      )}
    </Stack>
  );
}
