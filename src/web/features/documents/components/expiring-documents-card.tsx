import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BusinessDocument } from '../../../../domain/documents';
import { formatDateOrNever } from '../../../../domain/format';

/** The Document Manager's Expiry notifications: what expires within 30 days or has expired, to renew. */
export function ExpiringDocumentsCard({
  expiring,
  onRenew,
}: {
  expiring: BusinessDocument[];
  onRenew: (document: BusinessDocument) => void;
}) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        Expiry notifications
      </Title>
      {expiring.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document expires within 30 days.
        </Text>
      ) : (
        <Stack gap="xs">
          {expiring.map((doc) => (
            <Group key={doc.id} justify="space-between">
              <Text size="sm">
                {doc.name}{' '}
                {doc.expiryStatus === 'expired'
                  ? `expired on ${formatDateOrNever(doc.expiresOn)}`
                  : `expires on ${formatDateOrNever(doc.expiresOn)}`}
              </Text>
              <Button size="xs" onClick={() => onRenew(doc)}>
                Renew
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
