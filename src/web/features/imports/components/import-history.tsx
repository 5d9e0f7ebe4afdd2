import { Anchor, Loader, Table, Text, Title } from '@mantine/core';
import { importReportCsvUrl, useImportHistory } from '../api/get-import-history';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Past imports with their counts and a link to each report. */
export function ImportHistory() {
  const history = useImportHistory();
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
        <Table.ScrollContainer minWidth={640}>
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
                  <Table.Td>{DATE_TIME.format(new Date(item.createdAt))}</Table.Td>
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
                    <Anchor
                      href={importReportCsvUrl(item.id)}
                      download
                      aria-label={`Download the report of ${item.fileName}`}
                    >
                      CSV
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
