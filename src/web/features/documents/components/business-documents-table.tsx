import { Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { ROLE_LABELS } from '../../../../domain/access';
import type { BusinessDocument } from '../../../../domain/documents';
import { formatDate } from '../../../../domain/format';
import { documentFileUrl } from '../api/shared-documents';

/** Spec section 4: active green, archived grey, any other status red. */
function statusColor(status: string): string {
  return status === 'active' ? 'green' : status === 'archived' ? 'gray' : 'red';
}

type BusinessDocumentsTableProps = {
  documents: BusinessDocument[];
  /** The ids ticked for the bulk Archive and Share. */
  selected: string[];
  onSelectedChange: Dispatch<SetStateAction<string[]>>;
  onHistory: (document: BusinessDocument) => void;
  onNewVersion: (document: BusinessDocument) => void;
  onArchive: (document: BusinessDocument) => void;
  onRestore: (document: BusinessDocument) => void;
  onShare: (document: BusinessDocument) => void;
};

/** The Document Manager's list: one row a document with its status, expiry, sharing and actions. */
export function BusinessDocumentsTable({
  documents,
  selected,
  onSelectedChange,
  onHistory,
  onNewVersion,
  onArchive,
  onRestore,
  onShare,
}: BusinessDocumentsTableProps) {
  return (
    // On a phone the table scrolls inside its box; the page never scrolls sideways.
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Select all"
                checked={documents.length > 0 && selected.length === documents.length}
                onChange={(event) =>
                  onSelectedChange(
                    event.currentTarget.checked ? documents.map((doc) => doc.id) : [],
                  )
                }
              />
            </Table.Th>
            <Table.Th>Document</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>Shared With</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => (
            <Table.Tr key={doc.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${doc.name}`}
                  checked={selected.includes(doc.id)}
                  onChange={(event) => {
                    // Read now: React clears currentTarget before the updater runs.
                    const isChecked = event.currentTarget.checked;
                    onSelectedChange((current) =>
                      isChecked ? [...current, doc.id] : current.filter((id) => id !== doc.id),
                    );
                  }}
                />
              </Table.Td>
              <Table.Td>{doc.name}</Table.Td>
              <Table.Td>{doc.category}</Table.Td>
              <Table.Td>v{doc.version}</Table.Td>
              <Table.Td>
                <Badge color={statusColor(doc.status)} miw="max-content">
                  {doc.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c={doc.expiryStatus === 'valid' ? undefined : 'red'}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {doc.expiresOn ? formatDate(doc.expiresOn) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                {doc.sharedWith.length
                  ? doc.sharedWith.map((role) => ROLE_LABELS[role]).join(', ')
                  : 'Admins only'}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    component="a"
                    href={documentFileUrl(doc.id)}
                    size="compact-xs"
                    variant="subtle"
                  >
                    Download
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => onHistory(doc)}>
                    History
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => onNewVersion(doc)}>
                    New version
                  </Button>
                  {doc.status === 'active' ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      onClick={() => onArchive(doc)}
                    >
                      Archive
                    </Button>
                  ) : (
                    <Button size="compact-xs" variant="subtle" onClick={() => onRestore(doc)}>
                      Restore
                    </Button>
                  )}
                  <Button size="compact-xs" variant="subtle" onClick={() => onShare(doc)}>
                    Share
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
