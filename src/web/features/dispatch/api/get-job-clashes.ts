import { useQuery } from '@tanstack/react-query';
import type { JobClashesResponse } from '../../../../domain/bookings/assignment';
import { api } from '../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

/** Under the bookings' key: a booking's change anywhere (a time, a driver) may move a clash. */
export const JOB_CLASHES_QUERY_KEY = [...BOOKINGS_QUERY_KEY, 'clashes'] as const;

export function getJobClashes(
  bookingId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobClashesResponse> {
  return api<JobClashesResponse>(`/bookings/${encodeURIComponent(bookingId)}/clashes`, { signal });
}

/** The drivers with another job this booking does not fit beside (job-clash), for Assign. */
export function useJobClashes(bookingId: string) {
  return useQuery({
    queryKey: [...JOB_CLASHES_QUERY_KEY, bookingId],
    queryFn: ({ signal }) => getJobClashes(bookingId, { signal }),
  });
}
