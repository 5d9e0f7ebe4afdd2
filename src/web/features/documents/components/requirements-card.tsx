import { Card, Text } from '@mantine/core';
import type { DocumentRequirements } from '../../../../domain/documents';

/** Spec section 5, shown with the requirement lists. */
const RULE_NOTES = [
  'All documents must be valid and current.',
  'Verification is required before driver activation.',
  'Notifications go out 30 days before expiry.',
  'Expired documents cause automatic account suspension.',
];

/** The required documents of a driver and of a vehicle, with the spec's rules. */
export function RequirementsCard({ requirements }: { requirements: DocumentRequirements }) {
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
