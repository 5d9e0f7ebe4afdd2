import { Card, Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { DriverDocumentsPanel } from '../components/driver-documents-panel';
import { SharedDocumentsList } from '../components/shared-documents-list';

/** /driver/documents: the driver's own papers (upload from the phone) and what is shared with drivers. */
export function DriverDocumentsPage() {
  return (
    <>
      <PageTitle>Documents</PageTitle>
      <Stack gap="lg">
        <DriverDocumentsPanel driverId="me" canReview={false} />
        <Card withBorder padding="md">
          <Title order={2} size="h5" mb="xs">
            Shared with drivers
          </Title>
          <SharedDocumentsList audience="drivers" />
        </Card>
      </Stack>
    </>
  );
}
