import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import {
  expiryRequired,
  type ExpiryStatus,
  type FleetDocument,
  type RequiredDocumentType,
  type VerificationState,
} from '../../../../domain/documents';
import { formatDate } from '../../../../domain/format';
import { useDriverDocuments } from '../api/fleet-documents';
import { awaitingLine, complianceLines, complianceVerdict, expiringLine } from './compliance-lines';
import { queryFallback } from './query-fallback';

/** Spec section 4: a driver document is valid, expiring or expired. */
export const EXPIRY_COLORS: Record<ExpiryStatus, string> = {
  valid: 'green',
  expiring: 'yellow',
  expired: 'red',
};
const EXPIRY_LABELS: Record<ExpiryStatus, string> = {
  valid: 'Valid',
  expiring: 'Expiring',
  expired: 'Expired',
};
const VERIFICATION: Record<VerificationState, { label: string; color: string }> = {
  verified: { label: 'Verified', color: 'green' },
  unverified: { label: 'Unverified', color: 'gray' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** A document's expiry status (spec section 4) and whether an admin verified it; or Missing. */
export function DocumentStatusBadges({ document }: { document: FleetDocument | undefined }) {
  if (!document) {
    return (
      <Badge color="red" variant="light">
        Missing
      </Badge>
    );
  }
  const verification = VERIFICATION[document.verification];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={EXPIRY_COLORS[document.status]}>{EXPIRY_LABELS[document.status]}</Badge>
      <Badge variant="outline" color={verification.color}>
        {verification.label}
      </Badge>
    </Group>
  );
}

/**
 * What a document without an expiry date reads: a paper that always expires
 * (a licence, a registration...) stored undated before the rule needs its
 * date entered; another type may have none.
 */
export function noExpiryText(document: FleetDocument): string {
  return expiryRequired(document) ? 'Not given: enter the date printed on it' : 'Does not expire';
}

/** The Expiry column: the date as the document cards write it (decision 46), or why there is none. */
function expiryCell(document: FleetDocument | undefined): string {
  if (!document) return '—';
  return document.expiresOn ? formatDate(document.expiresOn) : noExpiryText(document);
}

function Rows({
  prefix,
  types,
  documents,
}: {
  prefix: string;
  types: RequiredDocumentType[];
  documents: FleetDocument[];
}) {
  return types.map((type) => {
    const document = documents.find((candidate) => candidate.type === type.key);
    return (
      <Table.Tr key={`${prefix}${type.key}`}>
        <Table.Td>
          {prefix}
          {type.label}
        </Table.Td>
        <Table.Td>
          <DocumentStatusBadges document={document} />
        </Table.Td>
        <Table.Td>{expiryCell(document)}</Table.Td>
      </Table.Tr>
    );
  });
}

/**
 * The driver profile's Document status (spec 2.8): whether the driver may
 * work, by the same rule the server enforces, and each required document of
 * theirs and their vehicle's with its status.
 */
export function DriverDocumentStatus({ driverId }: { driverId: string }) {
  const query = useDriverDocuments(driverId);
  if (!query.data) return queryFallback(query, 'Loading documents');
  const { requirements, documents, vehicle, compliance, override } = query.data;
  const lines = complianceLines(compliance, override !== null);
  // A line each: run together, what the override covers read as covering the renewal too.
  const summary = [
    lines.blocking.join('; '),
    lines.covered.length ? `Covered by the override: ${lines.covered.join('; ')}` : '',
    awaitingLine(query.data) ?? '',
    expiringLine(query.data) ?? '',
  ].filter(Boolean);
  const verdict = complianceVerdict(query.data);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={verdict.color} variant="light">
          {verdict.label}
        </Badge>
        {summary.length > 0 && (
          <Stack gap={0}>
            {summary.map((line) => (
              <Text size="sm" c="dimmed" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Expiry</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Rows prefix="" types={requirements.driver} documents={documents} />
            {vehicle && (
              <Rows
                prefix={`${vehicle.registration}: `}
                types={requirements.vehicle}
                documents={vehicle.documents}
              />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
