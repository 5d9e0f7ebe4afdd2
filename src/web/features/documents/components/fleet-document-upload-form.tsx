import { Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dayInZone } from '../../../../domain/bookings/wall-time';
import {
  DOCUMENT_FIELD_MAX,
  documentDatesRefusal,
  expiryRequired,
  type RequiredDocumentType,
} from '../../../../domain/documents';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useUploadFleetDocument } from '../api/fleet-documents';
import { DocumentUploadForm } from './document-upload-form';
import { LimitedTextarea } from '../../../components/limited-textarea';

/** Whose required document is uploaded: 'drivers/:id', 'drivers/me' or 'vehicles/:id', and which. */
export type UploadTarget = { owner: string; type: RequiredDocumentType };

/** A driver's or vehicle's required document: its number, dates and notes, and a photo or PDF. */
export function FleetDocumentUploadForm({
  target,
  onDone,
}: {
  target: UploadTarget;
  onDone: () => void;
}) {
  const upload = useUploadFleetDocument();
  const timeZone = useBusinessTimeZone();
  const paper = {
    subject: target.owner.startsWith('vehicles/') ? 'vehicle' : 'driver',
    type: target.type.key,
  } as const;

  /** The server's rule for the dates, on the business's day at the moment of Upload. */
  function checkDates(data: FormData) {
    const refusal = documentDatesRefusal(
      paper,
      {
        issuedOn: String(data.get('issuedOn') ?? '') || null,
        expiresOn: String(data.get('expiresOn') ?? '') || null,
      },
      dayInZone(new Date(), timeZone),
    );
    return refusal && { [refusal.field]: refusal.message };
  }

  async function send(data: FormData, file: File) {
    await upload.mutateAsync({
      owner: target.owner,
      type: target.type.key,
      number: String(data.get('number') ?? ''),
      issuedOn: String(data.get('issuedOn') ?? ''),
      expiresOn: String(data.get('expiresOn') ?? ''),
      notes: String(data.get('notes') ?? ''),
      file,
    });
    notifications.show({
      color: 'green',
      title: 'Document uploaded',
      message: target.type.label,
    });
    onDone();
  }

  return (
    <DocumentUploadForm
      fileLabel="Photo or PDF"
      fileInputId="document-file"
      accept="image/*,application/pdf"
      capture="environment"
      fileHint="PDF, JPEG, PNG, WebP or HEIC, at most 15 MB."
      missingFileMessage="Choose a photo or a PDF of the document."
      isPending={upload.isPending}
      check={checkDates}
      onUpload={send}
    >
      {(fieldError) => (
        <>
          <TextInput
            label="Number"
            name="number"
            description="As printed on the document"
            maxLength={DOCUMENT_FIELD_MAX.number}
            error={fieldError('number')}
          />
          <Group grow>
            <TextInput
              label="Issue date"
              name="issuedOn"
              type="date"
              error={fieldError('issuedOn')}
            />
            <TextInput
              label="Expiry date"
              name="expiresOn"
              type="date"
              // Marked, not `required`: the rule's sentence, not the browser's bubble (decision 156).
              withAsterisk={expiryRequired(paper)}
              error={fieldError('expiresOn')}
            />
          </Group>
          <LimitedTextarea
            label="Notes"
            name="notes"
            autosize
            minRows={2}
            maxLength={DOCUMENT_FIELD_MAX.notes}
            error={fieldError('notes')}
          />
        </>
      )}
    </DocumentUploadForm>
  );
}
