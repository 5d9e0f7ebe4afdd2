import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../../domain/access';
import {
  ALL_DOCUMENTS,
  DOCUMENT_CATEGORIES,
  UPLOAD_ACCEPT,
  type BusinessDocument,
  type DocumentCategory,
} from '../../../../domain/documents';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateOrNever, formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { documentFileUrl } from '../api/shared-documents';
import {
  useBulkDocuments,
  useBusinessDocuments,
  useDocumentVersions,
  useUploadDocument,
} from '../api/business-documents';

/** Spec section 4: active green, archived grey, any other status red. */
function statusColor(status: string): string {
  return status === 'active' ? 'green' : status === 'archived' ? 'gray' : 'red';
}

const SHAREABLE_ROLES = ROLES.filter((role) => role !== 'admin').map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

function UploadDialog({ renew, onClose }: { renew: BusinessDocument | null; onClose: () => void }) {
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<string | null>('Policies');
  const [sharedWith, setSharedWith] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!file) {
      setError('Choose a file to upload.');
      return;
    }
    try {
      await upload.mutateAsync({
        ...(renew
          ? { documentId: renew.id }
          : {
              name: String(data.get('name') ?? ''),
              category: category as DocumentCategory,
              sharedWith: sharedWith as Role[],
            }),
        expiresOn: String(data.get('expiresOn') ?? ''),
        file,
      });
      notifications.show({ color: 'green', title: 'Uploaded', message: renew?.name ?? 'Document' });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        {renew ? (
          <Text size="sm">
            New version of {renew.name} (now version {renew.version}); earlier versions are kept.
          </Text>
        ) : (
          <>
            <TextInput label="Name" name="name" required />
            <Select
              label="Category"
              data={[...DOCUMENT_CATEGORIES]}
              value={category}
              onChange={setCategory}
              allowDeselect={false}
            />
            <MultiSelect
              label="Shared with"
              data={SHAREABLE_ROLES}
              value={sharedWith}
              onChange={setSharedWith}
            />
          </>
        )}
        <TextInput label="Expiry date (optional)" name="expiresOn" type="date" />
        <div>
          <Text component="label" htmlFor="manager-file" size="sm" fw={500}>
            File
          </Text>
          <input
            id="manager-file"
            type="file"
            accept={UPLOAD_ACCEPT}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4 }}
          />
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function VersionHistory({ id }: { id: string }) {
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

/** /admin/documents: the Document Manager (spec 2.6) on live data. */
export function DocumentManagerPage() {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<DocumentCategory | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState<{ renew: BusinessDocument | null } | null>(null);
  const [historyOf, setHistoryOf] = useState<BusinessDocument | null>(null);
  const [sharing, setSharing] = useState<string[] | null>(null);
  const [shareRoles, setShareRoles] = useState<string[]>([]);
  const list = useBusinessDocuments({ q, category });
  const bulk = useBulkDocuments();
  const documents = list.data?.documents ?? [];

  async function runBulk(action: Parameters<typeof bulk.mutateAsync>[0]) {
    try {
      const { updated } = await bulk.mutateAsync(action);
      notifications.show({ color: 'green', title: 'Done', message: `${updated} updated` });
      setSelected([]);
      setSharing(null);
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(failure) });
    }
  }

  return (
    <>
      <PageTitle>Document Manager</PageTitle>
      <Stack gap="md">
        <Group justify="space-between">
          <TextInput
            placeholder="Search documents..."
            aria-label="Search documents"
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            w={280}
          />
          <Group gap="xs">
            <Button
              variant="default"
              disabled={selected.length === 0}
              onClick={() => void runBulk({ ids: selected, archive: true })}
            >
              Archive
            </Button>
            <Button
              variant="default"
              disabled={selected.length === 0}
              onClick={() => {
                setShareRoles([]);
                setSharing(selected);
              }}
            >
              Share
            </Button>
            <Button onClick={() => setUploading({ renew: null })}>Upload</Button>
          </Group>
        </Group>
        <Group gap="xs" role="group" aria-label="Category">
          {[ALL_DOCUMENTS, ...DOCUMENT_CATEGORIES].map((name) => {
            const isOn = name === ALL_DOCUMENTS ? category === null : category === name;
            return (
              <Button
                key={name}
                size="xs"
                variant={isOn ? 'filled' : 'light'}
                aria-pressed={isOn}
                onClick={() =>
                  setCategory(name === ALL_DOCUMENTS ? null : (name as DocumentCategory))
                }
              >
                {name} ({list.data?.counts[name] ?? 0})
              </Button>
            );
          })}
        </Group>
        {list.isError && (
          <Alert color="red" role="alert">
            {errorMessage(list.error)}
          </Alert>
        )}
        {/* On a phone the table scrolls inside its box; the page never scrolls sideways. */}
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Select all"
                    checked={documents.length > 0 && selected.length === documents.length}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? documents.map((doc) => doc.id) : [])
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
                        setSelected((current) =>
                          isChecked ? [...current, doc.id] : current.filter((id) => id !== doc.id),
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>{doc.name}</Table.Td>
                  <Table.Td>{doc.category}</Table.Td>
                  <Table.Td>v{doc.version}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(doc.status)}>{doc.status}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={doc.expiryStatus === 'valid' ? undefined : 'red'}>
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
                      <Button size="compact-xs" variant="subtle" onClick={() => setHistoryOf(doc)}>
                        History
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setUploading({ renew: doc })}
                      >
                        New version
                      </Button>
                      {doc.status === 'active' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="gray"
                          onClick={() => void runBulk({ ids: [doc.id], archive: true })}
                        >
                          Archive
                        </Button>
                      )}
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => {
                          setShareRoles(doc.sharedWith);
                          setSharing([doc.id]);
                        }}
                      >
                        Share
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {documents.length === 0 && list.isSuccess && (
          <Text c="dimmed" size="sm">
            No documents match.
          </Text>
        )}
        <Card withBorder padding="md">
          <Title order={2} size="h5" mb="xs">
            Expiry notifications
          </Title>
          {(list.data?.expiring ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              No document expires within 30 days.
            </Text>
          ) : (
            <Stack gap="xs">
              {list.data!.expiring.map((doc) => (
                <Group key={doc.id} justify="space-between">
                  <Text size="sm">
                    {doc.name}{' '}
                    {doc.expiryStatus === 'expired'
                      ? `expired on ${formatDateOrNever(doc.expiresOn)}`
                      : `expires on ${formatDateOrNever(doc.expiresOn)}`}
                  </Text>
                  <Button size="xs" onClick={() => setUploading({ renew: doc })}>
                    Renew
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </Stack>
      <Modal
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={uploading?.renew ? 'Renew document' : 'Upload document'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {uploading && <UploadDialog renew={uploading.renew} onClose={() => setUploading(null)} />}
      </Modal>
      <Modal
        opened={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        title={historyOf ? `${historyOf.name}: versions` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {historyOf && <VersionHistory id={historyOf.id} />}
      </Modal>
      <Modal
        opened={sharing !== null}
        onClose={() => setSharing(null)}
        title="Share documents"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <MultiSelect
            label="Shared with"
            data={SHAREABLE_ROLES}
            value={shareRoles}
            onChange={setShareRoles}
          />
          <Button
            onClick={() =>
              sharing && void runBulk({ ids: sharing, sharedWith: shareRoles as Role[] })
            }
          >
            Save
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
