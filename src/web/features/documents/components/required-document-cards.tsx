import {
  Anchor,
  Button,
  Card,
  Group,
  getDefaultZIndex,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import {
  DOCUMENT_FIELD_MAX,
  EXPIRED_NOT_VERIFIABLE,
  verificationRefusal,
  type FleetDocument,
  type RequiredDocumentType,
} from '../../../../domain/documents';
import { formatDate } from '../../../../domain/format';
import { errorMessage } from '../../../lib/api-client';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { fleetFileUrl, useReviewFleetDocument } from '../api/fleet-documents';
import { DocumentStatusBadges, noExpiryText } from './document-status';
import { FleetDocumentUploadForm, type UploadTarget } from './fleet-document-upload-form';
/** A card's one-field form under its buttons: a reason to reject, a new expiry. */
function InlineField({
  label,
  type = 'text',
  maxLength,
  value,
  onChange,
  action,
  color,
  isBusy,
  onSubmit,
}: {
  label: string;
  type?: 'text' | 'date';
  /** The schema's limit, for a text field. */
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  action: string;
  color?: string;
  isBusy: boolean;
  onSubmit: () => void;
}) {
  return (
    <Group mt="xs" align="flex-end">
      <TextInput
        label={label}
        type={type}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button size="sm" color={color} disabled={!value.trim()} loading={isBusy} onClick={onSubmit}>
        {action}
      </Button>
    </Group>
  );
}

/** Mantine's modal layer is 200, a managed modal (@mantine/modals) 201, popovers 300. */
export const UPLOAD_DIALOG_Z_INDEX = getDefaultZIndex('modal') + 10;

function DocumentCard({
  type,
  document,
  canReview,
  onUpload,
}: {
  type: RequiredDocumentType;
  document: FleetDocument | undefined;
  canReview: boolean;
  onUpload: (() => void) | null;
}) {
  const review = useReviewFleetDocument();
  const timeZone = useBusinessTimeZone();
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [isEditingExpiry, setEditingExpiry] = useState(false);
  const [expiry, setExpiry] = useState(document?.expiresOn ?? '');
  const explanationId = useId();
  // A double click on Verify, Reject or Save expiry acts once.
  const oneAtATime = useOneAtATime();
  // The server refuses it too (400 naming expiresOn); the card says why before the click.
  const verifyRefusal =
    canReview && document && document.verification !== 'verified'
      ? verificationRefusal(document)
      : null;

  /** Sends one review action at a time; true when it was sent and saved. */
  async function act(action: Parameters<typeof review.mutateAsync>[0]): Promise<boolean> {
    let saved = false;
    await oneAtATime(async () => {
      try {
        await review.mutateAsync(action);
        saved = true;
      } catch (failure) {
        notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(failure) });
      }
    });
    return saved;
  }

  return (
    <Card component="section" withBorder padding="sm" aria-label={type.label}>
      {/* Wraps: a long type name ('National police clearance') must not squeeze the badges. */}
      <Group justify="space-between" mb={4} gap={4}>
        <Text fw={600}>{type.label}</Text>
        <DocumentStatusBadges document={document} />
      </Group>
      {document && (
        <Stack gap={2}>
          {document.number && <Text size="sm">Number: {document.number}</Text>}
          <Text size="sm">
            Issued: {document.issuedOn ? formatDate(document.issuedOn) : 'Not given'}
          </Text>
          <Text size="sm">
            Expiry: {document.expiresOn ? formatDate(document.expiresOn) : noExpiryText(document)}
          </Text>
          {document.verifiedBy && document.verifiedAt && (
            <Text size="xs" c="dimmed">
              Verified by {document.verifiedBy} on {formatDate(document.verifiedAt, timeZone)}
            </Text>
          )}
          {document.rejectedReason && (
            <Text size="xs" c="red">
              Rejected: {document.rejectedReason}
            </Text>
          )}
          {document.notes && (
            <Text size="xs" c="dimmed">
              {document.notes}
            </Text>
          )}
          <Anchor href={fleetFileUrl(document.id)} size="sm">
            Download {document.fileName}
          </Anchor>
        </Stack>
      )}
      <Group gap="xs" mt="xs">
        {onUpload && (
          <Button size="xs" variant="default" onClick={onUpload}>
            {document ? 'Replace' : 'Upload'}
          </Button>
        )}
        {canReview && document && document.verification !== 'verified' && (
          <Button
            size="xs"
            color="green"
            loading={review.isPending}
            disabled={verifyRefusal !== null}
            aria-describedby={verifyRefusal ? explanationId : undefined}
            onClick={() => void act({ id: document.id, action: 'verify' })}
          >
            Verify
          </Button>
        )}
        {canReview && document && document.verification !== 'rejected' && (
          <Button size="xs" color="red" variant="light" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        )}
        {canReview && document && (
          <Button size="xs" variant="subtle" onClick={() => setEditingExpiry(true)}>
            Change expiry
          </Button>
        )}
      </Group>
      {verifyRefusal && (
        <Text id={explanationId} size="xs" c="dimmed" mt={4}>
          {EXPIRED_NOT_VERIFIABLE}
        </Text>
      )}
      {isEditingExpiry && document && (
        <InlineField
          label="New expiry date"
          type="date"
          value={expiry}
          onChange={setExpiry}
          action="Save expiry"
          isBusy={review.isPending}
          onSubmit={() =>
            void act({ id: document.id, action: 'expiry', expiresOn: expiry }).then(
              (saved) => saved && setEditingExpiry(false),
            )
          }
        />
      )}
      {isRejecting && document && (
        <InlineField
          label="Reason"
          maxLength={DOCUMENT_FIELD_MAX.reason}
          value={reason}
          onChange={setReason}
          action="Reject"
          color="red"
          isBusy={review.isPending}
          onSubmit={() =>
            void act({ id: document.id, action: 'reject', reason }).then(
              (saved) => saved && setRejecting(false),
            )
          }
        />
      )}
    </Card>
  );
}

/**
 * The cards of one owner's required documents (a driver's or a vehicle's),
 * with the upload dialog: Upload / Replace for whoever may upload, Verify,
 * Reject and Change expiry for admins.
 */
export function RequiredDocumentCards({
  owner,
  types,
  documents,
  canReview,
  canUpload,
}: {
  /** 'drivers/:id', 'drivers/me' or 'vehicles/:id'. */
  owner: string;
  types: RequiredDocumentType[];
  documents: FleetDocument[];
  canReview: boolean;
  canUpload: boolean;
}) {
  const [target, setTarget] = useState<UploadTarget | null>(null);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {types.map((type) => (
          <DocumentCard
            key={type.key}
            type={type}
            document={documents.find((document) => document.type === type.key)}
            canReview={canReview}
            onUpload={canUpload ? () => setTarget({ owner, type }) : null}
          />
        ))}
      </SimpleGrid>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `Upload ${target.type.label}` : ''}
        // Above the dialog these cards may sit in (the admin dashboard's Driver
        // Documents, a managed modal one above the default), below the pickers' popovers.
        zIndex={UPLOAD_DIALOG_Z_INDEX}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {target && <FleetDocumentUploadForm target={target} onDone={() => setTarget(null)} />}
      </Modal>
    </>
  );
}
