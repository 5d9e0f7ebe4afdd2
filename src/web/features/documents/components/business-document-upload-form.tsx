import { MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Role } from '../../../../domain/access';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FIELD_MAX,
  UPLOAD_ACCEPT,
  type BusinessDocument,
  type DocumentCategory,
} from '../../../../domain/documents';
import { formatDate } from '../../../../domain/format';
import { useUploadDocument } from '../api/business-documents';
import { DocumentUploadForm } from './document-upload-form';
import { SHAREABLE_ROLES } from './shareable-roles';

/**
 * What an empty expiry means for a new version: none, not the current
 * version's carried over. Renew is how an expiring document is replaced, so
 * the owner enters the new one's date; a carried date would keep the old
 * expiry notice on a document just renewed.
 */
function renewalExpiryNote(renew: BusinessDocument): string {
  const current = renew.expiresOn
    ? ` The current version's expiry (${formatDate(renew.expiresOn)}) is not carried over.`
    : '';
  return `The new version's own expiry, today or later. Left empty, the new version has no expiry date.${current}`;
}

/** The Document Manager's upload: a new document, or a new version of `renew` (earlier ones kept). */
export function BusinessDocumentUploadForm({
  renew,
  onClose,
}: {
  renew: BusinessDocument | null;
  onClose: () => void;
}) {
  const upload = useUploadDocument();
  const [category, setCategory] = useState<string | null>('Policies');
  const [sharedWith, setSharedWith] = useState<string[]>([]);

  async function send(data: FormData, file: File) {
    const { document } = await upload.mutateAsync({
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
    // The name as the server stored it (trimmed), so the owner sees which document went in.
    notifications.show({
      color: 'green',
      title: 'Uploaded',
      message: renew ? `${document.name}: version ${document.version}` : document.name,
    });
    onClose();
  }

  return (
    <DocumentUploadForm
      fileLabel="File"
      fileInputId="manager-file"
      accept={UPLOAD_ACCEPT}
      missingFileMessage="Choose a file to upload."
      isPending={upload.isPending}
      onUpload={send}
    >
      {(fieldError) => (
        <>
          {renew ? (
            <Text size="sm">
              New version of {renew.name} (now version {renew.version}); earlier versions are kept.
            </Text>
          ) : (
            <>
              <TextInput
                label="Name"
                name="name"
                required
                maxLength={DOCUMENT_FIELD_MAX.name}
                error={fieldError('name')}
              />
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
          <TextInput
            label="Expiry date (optional)"
            name="expiresOn"
            type="date"
            description={renew ? renewalExpiryNote(renew) : undefined}
            error={fieldError('expiresOn')}
          />
        </>
      )}
    </DocumentUploadForm>
  );
}
