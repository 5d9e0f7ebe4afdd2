import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { AlertTriangle, Car, CalendarCheck, DollarSign, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminDashboard, Stat } from '../../../../domain/admin';
import { formatAud } from '../../../../domain/format';

/** '+3 vs yesterday', '-$12.50 vs yesterday', 'Same as yesterday'. */
export function changeLabel(stat: Stat, format: (value: number) => string = String): string {
  const change = stat.value - stat.yesterday;
  if (change === 0) return 'Same as yesterday';
  const sign = change > 0 ? '+' : '-';
  return `${sign}${format(Math.abs(change))} vs yesterday`;
}

function changeColor(stat: Stat): string {
  if (stat.value === stat.yesterday) return 'dimmed';
  // The hue's text colour, which the theme keeps at 4.5:1 on white.
  return stat.value > stat.yesterday ? 'teal' : 'red';
}

type StatCardProps = {
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  footer: ReactNode;
  footerColor?: string;
};

function StatCardBody({ title, icon: Icon, value, footer, footerColor = 'dimmed' }: StatCardProps) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600}>
          {title}
        </Text>
        <Icon size={20} aria-hidden />
      </Group>
      <Text fz={{ base: 22, sm: 30 }} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
      <Text fz={{ base: 'xs', sm: 'sm' }} c={footerColor}>
        {footer}
      </Text>
    </>
  );
}

/** Active Drivers, Today's Bookings, Revenue and Alerts, each against this time yesterday. */
export function StatCards({
  dashboard,
  onOpenAlerts,
}: {
  dashboard: AdminDashboard | undefined;
  onOpenAlerts: () => void;
}) {
  if (!dashboard) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={118} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const { activeDrivers, todaysBookings, revenueCents, alertCount } = dashboard;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <StatCardBody
          title="Active Drivers"
          icon={Car}
          value={activeDrivers.value}
          footer={changeLabel(activeDrivers)}
          footerColor={changeColor(activeDrivers)}
        />
      </Card>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <StatCardBody
          title="Today's Bookings"
          icon={CalendarCheck}
          value={todaysBookings.value}
          footer={changeLabel(todaysBookings)}
          footerColor={changeColor(todaysBookings)}
        />
      </Card>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <StatCardBody
          title="Revenue"
          icon={DollarSign}
          value={formatAud(revenueCents.value)}
          footer={changeLabel(revenueCents, formatAud)}
          footerColor={changeColor(revenueCents)}
        />
      </Card>
      <Card
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="button"
        type="button"
        // Mantine's buttons' focus ring (decision 201): a Card has none of its own.
        className="mantine-focus-auto"
        onClick={onOpenAlerts}
        style={{ textAlign: 'left', cursor: 'pointer' }}
        aria-label={`Alerts: ${alertCount}. Show the list`}
        bg={alertCount > 0 ? 'yellow.0' : undefined}
      >
        <StatCardBody
          title="Alerts"
          icon={AlertTriangle}
          value={alertCount}
          footer={alertCount === 0 ? 'Nothing needs attention' : 'Show the list'}
          footerColor={alertCount > 0 ? 'orange' : 'dimmed'}
        />
      </Card>
    </SimpleGrid>
  );
}
