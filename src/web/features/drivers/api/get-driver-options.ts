import { useQuery } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers/api';
import { api } from '../../../lib/api-client';

/** Drivers for the filter and the bulk Assign menu. */
export function useDriverOptions() {
  return useQuery({
    queryKey: ['drivers', 'list'],
    queryFn: ({ signal }) => api<{ drivers: Driver[] }>('/drivers', { signal }),
    select: (data) =>
      data.drivers.map((driver) => ({
        value: driver.id,
        label: `${driver.firstName} ${driver.lastName}`.trim(),
        status: driver.status,
      })),
  });
}
