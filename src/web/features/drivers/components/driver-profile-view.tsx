import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Star } from 'lucide-react';
import type { DriverProfile } from '../../../../domain/admin';
import type { DriverStatus } from '../../../../domain/drivers';
import { RosterVehicle } from './roster-vehicle';
import { formatAud, formatDate } from '../../../../domain/format';
import { formatRating } from '../../../../domain/drivers/rating';
import { DriverDocumentStatus } from '../../documents/components/document-status';
import { RECORD_STATUS_COLORS } from './record-status';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

const STATUS_COLORS: Record<DriverStatus, string> = {
  active: RECORD_STATUS_COLORS.active,
  offline: 'gray',
  suspended: RECORD_STATUS_COLORS.suspended,
};

function percent(rate: number | null): string {
  return rate === null ? 'No data yet' : `${Math.round(rate * 100)}%`;
}

function Metric({ label, rate }: { label: string; rate: number | null }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {percent(rate)}
        </Text>
      </Group>
      <Progress value={(rate ?? 0) * 100} aria-label={label} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The driver profile dashboard (spec 2.8) on live data. */
export function DriverProfileView({ driver }: { driver: DriverProfile }) {
  const timeZone = useBusinessTimeZone();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3}>{driver.name}</Title>
          <Text size="sm" c="dimmed">
            {[driver.phone && phoneForDisplay(driver.phone), driver.email]
              .filter(Boolean)
              .join(' · ') || 'No contact details'}
          </Text>
        </div>
        <Group gap="xs">
          <Badge color={STATUS_COLORS[driver.status]}>{driver.status}</Badge>
          <Badge variant="light" leftSection={<Star size={12} aria-hidden />}>
            {formatRating(driver.rating)}
          </Badge>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Total trips">{driver.totalTrips}</Fact>
        <Fact label="Joined">{formatDate(driver.joinDate, timeZone)}</Fact>
        <Fact label="Preferred area">{driver.preferredArea ?? 'Not set'}</Fact>
        <Fact label="Current vehicle">
          <RosterVehicle driver={driver} />
        </Fact>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {(
          [
            ['Today', driver.earningsCents.today],
            ['This week', driver.earningsCents.week],
            ['This month', driver.earningsCents.month],
          ] as const
        ).map(([label, cents]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="sm" c="dimmed">
              Earnings {label.toLowerCase()}
            </Text>
            <Text fz="xl" fw={700}>
              {formatAud(cents)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding="sm">
        <Title order={4} size="h5" mb="xs">
          Performance
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Metric label="Acceptance rate" rate={driver.metrics.acceptanceRate} />
          <Metric label="Completion rate" rate={driver.metrics.completionRate} />
          <Metric label="On-time rate" rate={driver.metrics.onTimeRate} />
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">Customer satisfaction</Text>
              <Text size="sm" fw={600}>
                {formatRating(driver.metrics.customerSatisfaction)}
              </Text>
            </Group>
            <Progress
              value={((driver.metrics.customerSatisfaction ?? 0) / 5) * 100}
              color="yellow"
              aria-label="Customer satisfaction"
            />
          </Stack>
        </SimpleGrid>
      </Card>

      <div>
        <Title order={4} size="h5" mb="xs">
          Recent trips
        </Title>
        {driver.recentTrips.length === 0 ? (
          <Text size="sm" c="dimmed">
            No completed trips yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Passenger</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th ta="right">Fare</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {driver.recentTrips.map((trip) => (
                  <Table.Tr key={trip.id}>
                    <Table.Td>{formatDate(trip.pickupTime, timeZone)}</Table.Td>
                    <Table.Td>{trip.passengerName || trip.reference}</Table.Td>
                    <Table.Td>{trip.pickupLocation}</Table.Td>
                    <Table.Td>{trip.dropoffLocation}</Table.Td>
                    <Table.Td ta="right">{formatAud(trip.fareCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>

      <section aria-labelledby={`document-status-${driver.id}`}>
        <Title order={4} size="h5" mb="xs" id={`document-status-${driver.id}`}>
          Document status
        </Title>
        <DriverDocumentStatus driverId={driver.id} />
      </section>
    </Stack>
  );
}
