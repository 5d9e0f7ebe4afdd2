import { ActionIcon, Alert, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { RefreshCw } from 'lucide-react';
import { DASHBOARD_BOOKING_PARAM } from '../../../../domain/admin';
import { formatTimeOfDay } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import { useDashboard } from '../api/get-dashboard';
import { AdminTiles } from '../components/admin-tiles';
import { AlertsList } from '../components/alerts-list';
import { BookingDialog } from '../components/booking-dialog';
import { StatCards } from '../components/stat-cards';

const ALERTS_MODAL_ID = 'dashboard-alerts';

/**
 * Admin Dashboard (spec screen 4) on live data. The spec's refresh button
 * reloads the page; ours refetches the figures, and they also refresh every
 * minute.
 */
export function AdminDashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;

  // /admin?booking=<id>: the booking an alert leads to, read here.
  const [params, changeParams] = useUrlParams();
  const bookingId = params.get(DASHBOARD_BOOKING_PARAM);

  function openAlerts() {
    if (!data) return;
    modals.open({
      modalId: ALERTS_MODAL_ID,
      title: 'Alerts',
      size: 'md',
      children: (
        <AlertsList
          alerts={data.alerts}
          total={data.alertCount}
          onOpen={() => modals.close(ALERTS_MODAL_ID)}
        />
      ),
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <PageTitle>Admin Dashboard</PageTitle>
        <Group gap="xs" mb="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {data
              ? `Last updated ${formatTimeOfDay(dashboard.dataUpdatedAt, data.timeZone)}`
              : 'Loading…'}
          </Text>
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              aria-label="Refresh"
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              <RefreshCw size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {dashboard.isError ? (
        <Alert color="red" title="Could not load the dashboard figures">
          {errorMessage(dashboard.error)}
        </Alert>
      ) : null}
      <StatCards dashboard={data} onOpenAlerts={openAlerts} />
      <AdminTiles />
      <BookingDialog
        bookingId={bookingId}
        onClose={() =>
          changeParams((next) => next.delete(DASHBOARD_BOOKING_PARAM), { replace: true })
        }
      />
    </Stack>
  );
}
