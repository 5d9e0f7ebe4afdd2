import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddLeaveBody, Leave, LeaveClash, ScheduleResponse } from '../../../../domain/drivers';
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

/** GET /api/drivers/:id/leave/clashes: the driver's assigned jobs on the days of a leave. */
export function getLeaveClashes(
  driverId: string,
  range: { startsOn: string; endsOn: string },
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = new URLSearchParams(range).toString();
  return api<{ jobs: LeaveClash[] }>(
    `/drivers/${encodeURIComponent(driverId)}/leave/clashes?${query}`,
    { signal },
  );
}

/** The clashes of the leave being entered; idle until the range is whole and in order. */
export function useLeaveClashes(driverId: string, startsOn: string, endsOn: string) {
  const isRange = /^\d{4}-\d{2}-\d{2}$/.test(startsOn) && /^\d{4}-\d{2}-\d{2}$/.test(endsOn);
  return useQuery(
    queryOptions({
      queryKey: [...DRIVERS_QUERY_KEY, 'leave-clashes', driverId, startsOn, endsOn],
      queryFn: ({ signal }) => getLeaveClashes(driverId, { startsOn, endsOn }, { signal }),
      enabled: driverId !== '' && isRange && endsOn >= startsOn,
    }),
  );
}

export type AddLeaveAnswer = { leave: Leave; jobs: (LeaveClash & { returned: boolean })[] };

/** POST /api/drivers/:id/leave: the leave, and the jobs in it (returned to dispatch or kept). */
export function addLeave(driverId: string, leave: AddLeaveBody) {
  return api<AddLeaveAnswer>(`/drivers/${encodeURIComponent(driverId)}/leave`, {
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
    mutationFn: ({ driverId, leave }: { driverId: string; leave: AddLeaveBody }) =>
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
