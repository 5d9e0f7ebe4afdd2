import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Role } from '../../../../domain/access';
import {
  ALL_DOCUMENTS,
  DOCUMENT_CATEGORIES,
  type BusinessDocument,
  type DocumentCategory,
} from '../../../../domain/documents';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useBulkDocuments, useBusinessDocuments } from '../api/business-documents';
import { BusinessDocumentUploadForm } from '../components/business-document-upload-form';
import { BusinessDocumentsTable } from '../components/business-documents-table';
import { DocumentVersionHistory } from '../components/document-version-history';
import { ExpiringDocumentsCard } from '../components/expiring-documents-card';
import { SHAREABLE_ROLES } from '../components/shareable-roles';

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
  const isFiltered = q.trim() !== '' || category !== null;

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

  /** Archiving takes documents from the staff they are shared with: asked first; Restore undoes it. */
  function confirmArchive(chosen: BusinessDocument[]) {
    const current = chosen.filter((doc) => doc.status === 'active');
    if (current.length === 0) {
      notifications.show({ title: 'Nothing to archive', message: 'They are archived already.' });
      return;
    }
    const shared = current.some((doc) => doc.sharedWith.length > 0);
    modals.openConfirmModal({
      title:
        current.length === 1
          ? `Archive ${current[0]!.name}?`
          : `Archive ${current.length} documents?`,
      children: (
        <Text size="sm">
          {current.length === 1
            ? `${shared ? 'The staff it is shared with no longer see it. ' : ''}An archived document is kept with every version, leaves the expiry notifications, and comes back with Restore.`
            : `${shared ? 'The staff they are shared with no longer see them. ' : ''}Archived documents are kept with every version, leave the expiry notifications, and come back with Restore.`}
        </Text>
      ),
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      onConfirm: () => void runBulk({ ids: current.map((doc) => doc.id), archive: true }),
    });
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
              onClick={() => confirmArchive(documents.filter((doc) => selected.includes(doc.id)))}
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
        <BusinessDocumentsTable
          documents={documents}
          selected={selected}
          onSelectedChange={setSelected}
          onHistory={setHistoryOf}
          onNewVersion={(doc) => setUploading({ renew: doc })}
          onArchive={(doc) => confirmArchive([doc])}
          onRestore={(doc) => void runBulk({ ids: [doc.id], archive: false })}
          onShare={(doc) => {
            setShareRoles(doc.sharedWith);
            setSharing([doc.id]);
          }}
        />
        {documents.length === 0 && list.isSuccess && (
          <Text c="dimmed" size="sm">
            {/* A new business has none: it is told how to add the first, not that its search found nothing. */}
            {isFiltered
              ? 'No documents match.'
              : "No documents yet. Add the business's policies, forms, reports, training material and legal papers with Upload."}
          </Text>
        )}
        <ExpiringDocumentsCard
          expiring={list.data?.expiring ?? []}
          onRenew={(doc) => setUploading({ renew: doc })}
        />
      </Stack>
      <Modal
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={uploading?.renew ? 'Renew document' : 'Upload document'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {uploading && (
          <BusinessDocumentUploadForm renew={uploading.renew} onClose={() => setUploading(null)} />
        )}
      </Modal>
      <Modal
        opened={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        title={historyOf ? `${historyOf.name}: versions` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {historyOf && <DocumentVersionHistory id={historyOf.id} />}
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
