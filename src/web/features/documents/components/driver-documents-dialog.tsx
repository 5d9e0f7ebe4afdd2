import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Driver } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';
import { DriverDocumentsPanel } from './driver-documents-panel';

/** The admin dashboard's Driver Documents dialog: pick a driver, see and review their papers. */
export function DriverDocumentsDialog() {
  const [driverId, setDriverId] = useState<string | null>(null);
  const drivers = useQuery({
    queryKey: ['fleet-documents', 'driver-choices'],
    queryFn: ({ signal }) => api<{ drivers: Driver[] }>('/drivers', { signal }),
  });
  return (
    <Stack>
      <Select
        label="Driver"
        placeholder="Pick a driver"
        searchable
        data={(drivers.data?.drivers ?? []).map((driver) => ({
          value: driver.id,
          label: `${driver.firstName} ${driver.lastName}${driver.status === 'suspended' ? ' (suspended)' : ''}`,
        }))}
        value={driverId}
        onChange={setDriverId}
      />
      {driverId && <DriverDocumentsPanel driverId={driverId} canReview />}
    </Stack>
  );
}
