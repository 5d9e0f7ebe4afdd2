import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Leave, LeaveInput, ScheduleResponse } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-roster';

/** GET /api/drivers/schedule: the week holding `weekOf` (this week when null). */
export function getSchedule(weekOf: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = weekOf ? `?weekOf=${encodeURIComponent(weekOf)}` : '';
  return api<ScheduleResponse>(`/drivers/schedule${query}`, { signal });
}

export function useSchedule(weekOf: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DRIVERS_QUERY_KEY, 'schedule', weekOf],
      queryFn: ({ signal }) => getSchedule(weekOf, { signal }),
    }),
  );
}

/** POST /api/drivers/:id/leave. */
export function addLeave(driverId: string, leave: LeaveInput) {
  return api<{ leave: Leave }>(`/drivers/${encodeURIComponent(driverId)}/leave`, {
    method: 'POST',
    body: leave,
  });
}

/** DELETE /api/drivers/:id/leave/:leaveId. */
export function removeLeave(driverId: string, leaveId: string) {
  return api<void>(
    `/drivers/${encodeURIComponent(driverId)}/leave/${encodeURIComponent(leaveId)}`,
    { method: 'DELETE' },
  );
}

export function useAddLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, leave }: { driverId: string; leave: LeaveInput }) =>
      addLeave(driverId, leave),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
  });
}

export function useRemoveLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ driverId, leaveId }: { driverId: string; leaveId: string }) =>
      removeLeave(driverId, leaveId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
  });
}
