import { Anchor, Badge, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AlertKind, DashboardAlert } from '../../../../domain/admin';

const KIND_LABELS: Record<AlertKind, { label: string; color: string }> = {
  'unassigned-soon': { label: 'No driver', color: 'orange' },
  'overdue-pending': { label: 'Overdue', color: 'red' },
  'driver-suspended': { label: 'Suspended', color: 'gray' },
  'document-unverified': { label: 'To verify', color: 'blue' },
  'stale-position': { label: 'No position', color: 'yellow' },
  'awaiting-role': { label: 'New user', color: 'blue' },
  'document-expiring': { label: 'Document', color: 'orange' },
  'document-undated': { label: 'No expiry date', color: 'yellow' },
};

/**
 * The things on the Alerts card, most urgent first. Each is a link, named by
 * its message, to where it is dealt with (the alert's `href`: the booking,
 * the driver's profile or documents, Users & Roles); `onOpen` runs as one is
 * followed, so the dialog listing them closes.
 */
export function AlertsList({
  alerts,
  total,
  onOpen,
}: {
  alerts: DashboardAlert[];
  total: number;
  onOpen?: () => void;
}) {
  if (alerts.length === 0) return <Text>Nothing needs attention right now.</Text>;
  return (
    <>
      <List spacing="xs" listStyleType="none" aria-label="Alerts">
        {alerts.map((alert, index) => (
          <List.Item key={`${alert.kind}-${index}`}>
            <Badge color={KIND_LABELS[alert.kind].color} variant="light" mr="xs">
              {KIND_LABELS[alert.kind].label}
            </Badge>
            {alert.href ? (
              <Anchor component={Link} to={alert.href} onClick={onOpen}>
                {alert.message}
              </Anchor>
            ) : (
              alert.message
            )}
          </List.Item>
        ))}
      </List>
      {total > alerts.length ? (
        <Text size="sm" c="dimmed" mt="sm">
          Showing {alerts.length} of {total}.
        </Text>
      ) : null}
    </>
  );
}
