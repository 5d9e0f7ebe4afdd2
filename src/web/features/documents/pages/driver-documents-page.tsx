import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { DriverDocumentsPanel } from '../../../shared/documents/components/driver-documents-panel';
import { documentFileUrl, useSharedDocuments } from '../api/business-documents';

/** /driver/documents: the driver's own papers (upload from the phone) and what is shared with drivers. */
export function DriverDocumentsPage() {
  const shared = useSharedDocuments();
  return (
    <>
      <PageTitle>Documents</PageTitle>
      <Stack gap="lg">
        <DriverDocumentsPanel driverId="me" canReview={false} />
        <Card withBorder padding="md">
          <Title order={2} size="h5" mb="xs">
            Shared with drivers
          </Title>
          {(shared.data?.documents ?? []).map((doc) => (
            <Text size="sm" key={doc.id}>
              <Anchor href={documentFileUrl(doc.id)}>{doc.name}</Anchor> ({doc.category}, v
              {doc.version})
            </Text>
          ))}
          {shared.data?.documents.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing is shared with drivers yet.
            </Text>
          )}
        </Card>
      </Stack>
    </>
  );
}
