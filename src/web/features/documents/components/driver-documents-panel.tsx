import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type {
  DocumentRequirements,
  FleetDocument,
  RequiredDocumentType,
} from '../../../../domain/documents';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import {
  fleetFileUrl,
  useDriverDocuments,
  useOverrideSuspension,
  useReviewFleetDocument,
  useVehicleDocuments,
} from '../api/fleet-documents';
import { DocumentStatusBadges } from './document-status';
import { FleetDocumentUploadForm, type UploadTarget } from './fleet-document-upload-form';
import { queryFallback } from './query-fallback';

/** Spec section 5, shown with the requirement lists. */
const RULE_NOTES = [
  'All documents must be valid and current.',
  'Verification is required before driver activation.',
  'Notifications go out 30 days before expiry.',
  'Expired documents cause automatic account suspension.',
];

/** A card's one-field form under its buttons: a reason to reject, a new expiry. */
function InlineField({
  label,
  type = 'text',
  value,
  onChange,
  action,
  color,
  isBusy,
  onSubmit,
}: {
  label: string;
  type?: 'text' | 'date';
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

  async function act(action: Parameters<typeof review.mutateAsync>[0]) {
    try {
      await review.mutateAsync(action);
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(failure) });
    }
  }

  return (
    <Card component="section" withBorder padding="sm" aria-label={type.label}>
      {/* Wraps: a long type name ('National police certificate') must not squeeze the badges. */}
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
            Expiry: {document.expiresOn ? formatDate(document.expiresOn) : 'Does not expire'}
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
      {isEditingExpiry && document && (
        <InlineField
          label="New expiry date"
          type="date"
          value={expiry}
          onChange={setExpiry}
          action="Save expiry"
          isBusy={review.isPending}
          onSubmit={() =>
            void act({ id: document.id, action: 'expiry', expiresOn: expiry }).then(() =>
              setEditingExpiry(false),
            )
          }
        />
      )}
      {isRejecting && document && (
        <InlineField
          label="Reason"
          value={reason}
          onChange={setReason}
          action="Reject"
          color="red"
          isBusy={review.isPending}
          onSubmit={() =>
            void act({ id: document.id, action: 'reject', reason }).then(() => setRejecting(false))
          }
        />
      )}
    </Card>
  );
}

function OverrideForm({ driverId }: { driverId: string }) {
  const override = useOverrideSuspension();
  const [reason, setReason] = useState('');
  const [endsAt, setEndsAt] = useState('');
  return (
    <Group align="flex-end">
      <TextInput
        label="Override reason"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <TextInput
        label="Until (at most 7 days)"
        type="datetime-local"
        value={endsAt}
        onChange={(event) => setEndsAt(event.currentTarget.value)}
      />
      <Button
        variant="light"
        disabled={!reason.trim() || !endsAt}
        loading={override.isPending}
        onClick={() =>
          void override
            .mutateAsync({ driverId, reason, endsAt: new Date(endsAt).toISOString() })
            .catch((failure: unknown) =>
              notifications.show({
                color: 'red',
                title: 'Not saved',
                message: errorMessage(failure),
              }),
            )
        }
      >
        Override
      </Button>
    </Group>
  );
}

/**
 * The cards of one owner's required documents (a driver's or a vehicle's),
 * with the upload dialog: Upload / Replace for whoever may upload, Verify,
 * Reject and Change expiry for admins.
 */
function RequiredDocumentCards({
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
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {target && <FleetDocumentUploadForm target={target} onDone={() => setTarget(null)} />}
      </Modal>
    </>
  );
}

function RequirementsCard({ requirements }: { requirements: DocumentRequirements }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm">
        Requirements
      </Text>
      <Text size="sm">Driver: {requirements.driver.map((type) => type.label).join(', ')}</Text>
      <Text size="sm">Vehicle: {requirements.vehicle.map((type) => type.label).join(', ')}</Text>
      {RULE_NOTES.map((note) => (
        <Text size="xs" c="dimmed" key={note}>
          {note}
        </Text>
      ))}
    </Card>
  );
}

/**
 * Driver Documentation (spec 2.7): the driver's and their vehicle's document
 * cards with their status, the requirement lists and notes. Admins upload,
 * replace, verify, reject and override; a driver ('me') uploads their own.
 */
export function DriverDocumentsPanel({
  driverId,
  canReview,
}: {
  driverId: string;
  canReview: boolean;
}) {
  const query = useDriverDocuments(driverId);
  const timeZone = useBusinessTimeZone();
  if (!query.data) return queryFallback(query, 'Loading documents');
  const { requirements, documents, vehicle, compliance, override } = query.data;

  return (
    <Stack gap="md">
      {compliance.isCompliant && !compliance.isOverridden ? (
        <Alert color="green" title="Documents in order">
          Every required document is present, verified and current.
        </Alert>
      ) : (
        <Alert
          color={compliance.isCompliant ? 'yellow' : 'red'}
          title={compliance.isCompliant ? 'Working under an override' : 'Cannot work yet'}
        >
          <Stack gap={2}>
            {compliance.problems.map((problem) => (
              <Text size="sm" key={`${problem.subject}-${problem.type}`}>
                {problem.message}
              </Text>
            ))}
            {override && (
              <Text size="sm">
                Override until {formatDateTime(override.endsAt, timeZone)}: {override.reason}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {/* An override lifts an expiry suspension only (decision 39). */}
      {canReview && driverId !== 'me' && compliance.hasExpired && !compliance.isOverridden && (
        <OverrideForm driverId={driverId} />
      )}
      <Title order={3} size="h5">
        Driver documents
      </Title>
      <RequiredDocumentCards
        owner={driverId === 'me' ? 'drivers/me' : `drivers/${driverId}`}
        types={requirements.driver}
        documents={documents}
        canReview={canReview}
        canUpload
      />
      {vehicle && (
        <>
          <Title order={3} size="h5">
            Vehicle documents: {vehicle.registration}
          </Title>
          <RequiredDocumentCards
            owner={`vehicles/${vehicle.id}`}
            types={requirements.vehicle}
            documents={vehicle.documents}
            canReview={canReview}
            canUpload={canReview}
          />
        </>
      )}
      <RequirementsCard requirements={requirements} />
    </Stack>
  );
}

/** A vehicle's documents (the Vehicles page): its required papers, uploaded and reviewed by an admin. */
export function VehicleDocumentsPanel({ vehicleId }: { vehicleId: string }) {
  const query = useVehicleDocuments(vehicleId);
  if (!query.data) return queryFallback(query, 'Loading documents');
  const { requirements, documents, problems } = query.data;
  return (
    <Stack gap="md">
      {problems.length === 0 ? (
        <Alert color="green" title="Documents in order">
          Every required document is present, verified and current.
        </Alert>
      ) : (
        <Alert color="red" title="No driver can work in it yet">
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text size="sm" key={problem.type}>
                {problem.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <RequiredDocumentCards
        owner={`vehicles/${vehicleId}`}
        types={requirements.vehicle}
        documents={documents}
        canReview
        canUpload
      />
      <RequirementsCard requirements={requirements} />
    </Stack>
  );
}
