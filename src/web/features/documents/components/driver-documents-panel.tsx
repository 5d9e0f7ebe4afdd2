import { Alert, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverDocuments, useVehicleDocuments } from '../api/fleet-documents';
import { OverrideForm } from './override-form';
import { queryFallback } from './query-fallback';
import { RequiredDocumentCards } from './required-document-cards';
import { RequirementsCard } from './requirements-card';

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
