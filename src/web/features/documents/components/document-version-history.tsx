import { Anchor, Table, Text } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDocumentVersions } from '../api/business-documents';
import { documentFileUrl } from '../api/shared-documents';

/** The Document Manager's History: every kept version of a document, each downloadable. */
export function DocumentVersionHistory({ id }: { id: string }) {
  const timeZone = useBusinessTimeZone();
  const detail = useDocumentVersions(id);
  if (!detail.data) return <Text size="sm">Loading…</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Version</Table.Th>
          <Table.Th>Uploaded</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Expiry</Table.Th>
          <Table.Th>File</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detail.data.versions.map((version) => (
          <Table.Tr key={version.version}>
            <Table.Td>v{version.version}</Table.Td>
            <Table.Td>{formatDateTime(version.uploadedAt, timeZone)}</Table.Td>
            <Table.Td>{version.uploadedBy ?? 'Unknown'}</Table.Td>
            <Table.Td>{version.expiresOn ? formatDate(version.expiresOn) : 'None'}</Table.Td>
            <Table.Td>
              <Anchor href={documentFileUrl(id, version.version)}>{version.fileName}</Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
