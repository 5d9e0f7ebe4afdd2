import { Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ImportSummary } from '../../../../domain/imports/api';
import { importReportCsvUrl, useImportHistory } from '../api/get-import-history';
import { useImportReport } from '../api/get-import-report';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { ImportCountsGrid, ReportRows } from './import-results';

/** One past import's report, read from the server: its counts and the rows not simply added. */
function PastReport({ summary, onClose }: { summary: ImportSummary; onClose: () => void }) {
  const report = useImportReport(summary.id);
  const timeZone = useBusinessTimeZone();
  const title = `Report of ${summary.fileName}, ${formatDateTime(summary.createdAt, timeZone)}`;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Button variant="subtle" size="xs" onClick={onClose}>
            Close report
          </Button>
        </Group>
        {report.isPending ? (
          <Loader size="sm" />
        ) : report.isError ? (
          <Text size="sm" c="red">
            {report.error.message}
          </Text>
        ) : (
          <>
            <ImportCountsGrid counts={report.data.report.counts} />
            {report.data.report.rows.length === 0 ? (
              <Text size="sm">Every row was imported as it was.</Text>
            ) : (
              <ReportRows rows={report.data.report.rows} label="Report rows" />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Past imports with their counts; each report can be read here or downloaded as CSV. */
export function ImportHistory() {
  const history = useImportHistory();
  const timeZone = useBusinessTimeZone();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = history.data?.imports.find((item) => item.id === openId) ?? null;
  return (
    <section aria-labelledby="import-history-title">
      <Title order={3} size="h5" id="import-history-title" mb={4}>
        Import history
      </Title>
      {history.isPending ? (
        <Loader size="sm" />
      ) : history.isError ? (
        <Text size="sm" c="red">
          {history.error.message}
        </Text>
      ) : history.data.imports.length === 0 ? (
        <Text size="sm" c="dimmed">
          No imports yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={700}>
            <Table fz="sm" aria-label="Import history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Imported</Table.Th>
                  <Table.Th>Merged</Table.Th>
                  <Table.Th>Skipped</Table.Th>
                  <Table.Th>Errors</Table.Th>
                  <Table.Th>Report</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.imports.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(item.createdAt, timeZone)}
                    </Table.Td>
                    <Table.Td>
                      {item.fileName}
                      <Text size="xs" c="dimmed">
                        {item.format}
                      </Text>
                    </Table.Td>
                    <Table.Td>{item.createdBy ?? ''}</Table.Td>
                    <Table.Td>{item.counts.total}</Table.Td>
                    <Table.Td>{item.counts.imported}</Table.Td>
                    <Table.Td>{item.counts.merged}</Table.Td>
                    <Table.Td>{item.counts.skipped}</Table.Td>
                    <Table.Td>{item.counts.errors}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-xs"
                          aria-pressed={openId === item.id}
                          aria-label={`View the report of ${item.fileName}`}
                          onClick={() => setOpenId(openId === item.id ? null : item.id)}
                        >
                          View
                        </Button>
                        <Anchor
                          href={importReportCsvUrl(item.id)}
                          download
                          size="sm"
                          aria-label={`Download the report of ${item.fileName}`}
                        >
                          CSV
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {open && <PastReport summary={open} onClose={() => setOpenId(null)} />}
        </Stack>
      )}
    </section>
  );
}
