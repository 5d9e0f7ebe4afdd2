import { Anchor, Badge, Button, List, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AlertItem, AlertKind, DashboardAlert } from '../../../../domain/admin';

const KIND_LABELS: Record<AlertKind, { label: string; color: string }> = {
  'unassigned-soon': { label: 'No driver', color: 'orange' },
  'overdue-pending': { label: 'Overdue', color: 'red' },
  'driver-suspended': { label: 'Suspended', color: 'gray' },
  'document-unverified': { label: 'To verify', color: 'blue' },
  'stale-position': { label: 'No position', color: 'yellow' },
  'awaiting-role': { label: 'New user', color: 'blue' },
  'document-expiring': { label: 'Document', color: 'orange' },
  'document-undated': { label: 'No expiry date', color: 'yellow' },
  'business-document-expiring': { label: 'Business document', color: 'orange' },
  'mail-unsent': { label: 'Mail', color: 'red' },
};

/**
 * A grouped alert's things (the drivers with no recent position), folded
 * under it: shown on request, each a link to where it is dealt with.
 */
function AlertItems({ items, onOpen }: { items: AlertItem[]; onOpen?: () => void }) {
  const [isShown, setShown] = useState(false);
  const listId = useId();
  return (
    <>
      {' '}
      <Button
        variant="subtle"
        size="compact-sm"
        aria-expanded={isShown}
        aria-controls={listId}
        onClick={() => setShown((shown) => !shown)}
      >
        {isShown ? 'Hide them' : 'Show them'}
      </Button>
      {isShown ? (
        <List id={listId} spacing={4} size="sm" mt={4} ml="md" listStyleType="disc">
          {items.map((item, index) => (
            <List.Item key={item.driverId ?? index}>
              <Anchor component={Link} to={item.href} onClick={onOpen} size="sm">
                {item.message}
              </Anchor>
            </List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

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
            {alert.items?.length ? <AlertItems items={alert.items} onOpen={onOpen} /> : null}
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
