import { useQuery } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers/api';
import { assignBlock } from '../../../../domain/drivers/assign-block';
import { api } from '../../../lib/api-client';

/** Drivers for the filter and the bulk Assign menu (which marks those who cannot work, `block`). */
export function useDriverOptions() {
  return useQuery({
    queryKey: ['drivers', 'list'],
    queryFn: ({ signal }) => api<{ drivers: Driver[] }>('/drivers', { signal }),
    select: (data) =>
      data.drivers.map((driver) => ({
        value: driver.id,
        label: `${driver.firstName} ${driver.lastName}`.trim(),
        status: driver.status,
        block: assignBlock(driver),
      })),
  });
}
