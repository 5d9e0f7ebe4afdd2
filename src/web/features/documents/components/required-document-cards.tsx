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
import { dayInZone } from '../../../../domain/bookings/wall-time';
import { calendarDate } from '../../../../domain/api/business-dates';
import {
  DOCUMENT_FIELD_MAX,
  documentChangeText,
  documentCorrectionRefusal,
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

/**
 * What a date field says when the browser holds a date it cannot read: a
 * day the month does not have (31/02), or a day, month or year left blank.
 * The field's value is then empty, so only its validity tells.
 */
export const NOT_A_DATE =
  'Not a date that exists: check the day, the month and the year (there is no 31 February, for one).';

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
  description,
  problem = null,
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
  description?: string;
  /** Why the value cannot be sent, shown at the field; Save is held back. */
  problem?: string | null;
}) {
  // A date the browser cannot read (31/02, or a part left blank) leaves the
  // value empty: its validity says so. Said once the field is left or Save
  // is pressed, not at the first digit of a date being typed.
  const [isUnreadable, setUnreadable] = useState(false);
  const [isShown, setShown] = useState(false);
  const readValidity = (input: HTMLInputElement) => {
    const unreadable = type === 'date' && input.validity.badInput;
    setUnreadable(unreadable);
    if (!unreadable) setShown(false);
    return unreadable;
  };
  const error = isUnreadable && isShown ? NOT_A_DATE : problem;
  return (
    // The button under the field, not beside it: a description or an error
    // under the input would leave a button beside it out of line.
    <Stack gap={6} mt="xs">
      <TextInput
        label={label}
        type={type}
        maxLength={maxLength}
        value={value}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={error}
        onChange={(event) => {
          readValidity(event.currentTarget);
          onChange(event.currentTarget.value);
        }}
        onKeyUp={(event) => readValidity(event.currentTarget)}
        onBlur={(event) => setShown(readValidity(event.currentTarget))}
      />
      <Group justify="flex-end">
        <Button
          size="sm"
          color={color}
          disabled={(!value.trim() && !isUnreadable) || problem !== null}
          loading={isBusy}
          onClick={() => {
            if (isUnreadable) {
              setShown(true);
              return;
            }
            onSubmit();
          }}
        >
          {action}
        </Button>
      </Group>
    </Stack>
  );
}

/** Mantine's modal layer is 200, a managed modal (@mantine/modals) 201, popovers 300. */
export const UPLOAD_DIALOG_Z_INDEX = getDefaultZIndex('modal') + 10;

/** The API's calendar date, built once: a card being edited checks every keystroke. */
const CALENDAR_DATE = calendarDate();

/**
 * Why a corrected expiry would be refused, said at the field before Save:
 * a date the browser reads but the API does not take (a year typed past
 * four digits), then the server's rule for a correction (e.g. not before the
 * issue date) on the business's day.
 */
function correctedExpiryRefusal(
  document: FleetDocument,
  expiry: string,
  today: string,
): { message: string } | null {
  const date = CALENDAR_DATE.safeParse(expiry);
  if (!date.success) return { message: date.error.issues[0]!.message };
  return documentCorrectionRefusal(document, { expiresOn: expiry }, today);
}

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
  const expiryRefusal =
    isEditingExpiry && document && expiry
      ? correctedExpiryRefusal(document, expiry, dayInZone(new Date(), timeZone))
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
          {document.changes.map((change) => (
            // Who changed what the paper says, and when: the verification vouched for the old facts.
            <Text size="xs" c="dimmed" key={`${change.field}-${change.changedAt}`}>
              {documentChangeText(change, timeZone)}
            </Text>
          ))}
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
          description={
            document.verification === 'verified'
              ? 'A new date withdraws the verification: verify it again against the paper.'
              : undefined
          }
          problem={expiryRefusal && `Expiry date ${expiryRefusal.message}.`}
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
