import { Alert, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { DRIVER_DOCUMENTS_ANCHOR, type OverrideRefusal } from '../../../../domain/documents';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverDocuments, useVehicleDocuments } from '../api/fleet-documents';
import { awaitingLine, complianceLines, complianceVerdict, expiringLine } from './compliance-lines';
import { OverrideForm } from './override-form';
import { queryFallback } from './query-fallback';
import { RequiredDocumentCards } from './required-document-cards';
import { RequirementsCard } from './requirements-card';

/** Why no override is offered for an expired document, in a line under the status. */
const OVERRIDE_REFUSAL_LINES: Record<OverrideRefusal, string> = {
  'not-suspended':
    'No override yet: the driver is not suspended. The compliance check suspends them for the expired document within the hour; until a current one is uploaded and verified it keeps them from shifts and jobs.',
  rejected:
    'No override can be made: an override only lifts a suspension for expired documents, and a rejected document still stands. Upload a new one and verify it.',
};

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
  const anchor = useRef<HTMLDivElement>(null);
  const isLoaded = query.data !== undefined;
  // /admin/drivers/:id#documents (a dashboard alert): once the documents are
  // in, they are scrolled to and take the focus, as a link to a place on the page does.
  useEffect(() => {
    if (!isLoaded || window.location.hash !== `#${DRIVER_DOCUMENTS_ANCHOR}`) return;
    anchor.current?.scrollIntoView({ block: 'start' });
    anchor.current?.focus({ preventScroll: true });
  }, [isLoaded]);
  if (!query.data) return queryFallback(query, 'Loading documents');
  const { requirements, documents, vehicle, compliance, override, overrideRefusal } = query.data;
  // An override lifts an expiry suspension only (decision 39): it is a
  // question while an expired document is not overridden, and the form is
  // offered only when the server would take it (a driver the pass has not
  // suspended yet has nothing to lift).
  // A paper that expired after an override was granted is not covered by it
  // (decision 153): it suspends the driver, and a new override may be asked.
  const asksOverride =
    canReview &&
    driverId !== 'me' &&
    compliance.problems.some((problem) => problem.kind === 'expired' && !problem.isOverridden);
  const lines = complianceLines(compliance, override !== null);
  const verdict = complianceVerdict(query.data);
  const expiring = expiringLine(query.data);
  const awaiting = awaitingLine(query.data);

  return (
    <Stack
      gap="md"
      ref={anchor}
      id={driverId === 'me' ? undefined : DRIVER_DOCUMENTS_ANCHOR}
      tabIndex={-1}
      role="region"
      aria-label="Driver documentation"
      // Clear of the header, with the card's title above in view.
      style={{
        scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 64px)',
        outline: 'none',
      }}
    >
      {verdict.color === 'green' ? (
        <Alert color="green" title={verdict.label}>
          <Stack gap={2}>
            <Text size="sm">Every required document is present, verified and current.</Text>
            {awaiting && <Text size="sm">{awaiting}</Text>}
            {expiring && <Text size="sm">{expiring}</Text>}
          </Stack>
        </Alert>
      ) : (
        <Alert color={verdict.color} title={verdict.label}>
          <Stack gap={2}>
            {lines.blocking.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
            {override && (
              <Text size="sm">
                Override until {formatDateTime(override.endsAt, timeZone)}: {override.reason}
              </Text>
            )}
            {lines.covered.length > 0 && (
              // What the override was granted for, and nothing else (decision 153).
              <Text size="sm">Covered by the override: {lines.covered.join('; ')}</Text>
            )}
            {awaiting && <Text size="sm">{awaiting}</Text>}
            {expiring && <Text size="sm">{expiring}</Text>}
          </Stack>
        </Alert>
      )}
      {asksOverride &&
        (overrideRefusal ? (
          <Text size="sm" c="dimmed">
            {OVERRIDE_REFUSAL_LINES[overrideRefusal]}
          </Text>
        ) : (
          <OverrideForm driverId={driverId} />
        ))}
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
  // The vehicle's own papers, named by type: the same 'Renew soon' a driver's panel says.
  const expiring = expiringLine({ documents, vehicle: null });
  return (
    <Stack gap="md">
      {problems.length === 0 ? (
        <Alert color="green" title="Documents in order">
          <Stack gap={2}>
            <Text size="sm">Every required document is present, verified and current.</Text>
            {expiring && <Text size="sm">{expiring}</Text>}
          </Stack>
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
