import { Button, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { blockingProblems } from '../../../../domain/documents';
import { paths } from '../../../config/paths';
import { useDriverDocuments } from '../../documents/api/fleet-documents';
import { DriverAlert } from './driver-alert';

export const SUSPENSION_ALERT_ID = 'suspension-alert';

/**
 * The suspended driver's home says why at once, not after a tap on Start
 * Shift: the papers at fault, as the compliance rule words them (the same
 * assessment the shift start refuses by, read from their documents), and
 * what to do. A ride with the passenger on board is finished as usual: the
 * suspension handed back every other job (RETURNED_ON_SUSPENSION).
 */
export function SuspensionAlert({ isFinishingRide = false }: { isFinishingRide?: boolean }) {
  const documents = useDriverDocuments('me');
  const problems = documents.data ? blockingProblems(documents.data.compliance) : [];
  const hasOwnPapers = problems.some((problem) => problem.subject === 'driver');
  const hasVehiclePapers = problems.some((problem) => problem.subject === 'vehicle');
  return (
    <DriverAlert
      id={SUSPENSION_ALERT_ID}
      color="red"
      role="alert"
      title="You are suspended: you cannot start a shift"
    >
      {isFinishingRide ? (
        <Text size="sm" fw={600} mb="xs">
          Finish the ride with your passenger on board: Completed still works.
        </Text>
      ) : null}
      {problems.length > 0 ? (
        <>
          <Text size="sm">These documents are not in order:</Text>
          <List size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {problems.map((problem) => (
              <List.Item key={problem.key}>{problem.message}</List.Item>
            ))}
          </List>
          {hasOwnPapers ? (
            <Text size="sm">
              Upload the new one in Documents. Once the office has verified it, you can start your
              shift.
            </Text>
          ) : null}
          {hasVehiclePapers ? (
            <Text size="sm">
              The vehicle&apos;s papers are renewed by the office: contact dispatch.
            </Text>
          ) : null}
        </>
      ) : documents.isPending ? null : (
        // Papers in order (suspended by the office), or not readable now (offline).
        <Text size="sm">Contact dispatch to find out why.</Text>
      )}
      {hasOwnPapers ? (
        <Button component={Link} to={paths.driverDocuments} size="lg" mt="xs" color="red">
          Open Documents
        </Button>
      ) : null}
    </DriverAlert>
  );
}
