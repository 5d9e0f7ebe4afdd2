import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkJobsInput, BulkJobResult } from '../../../../domain/jobs';
import { api } from '../../../lib/api-client';
import { JOBS_QUERY_KEY } from './get-jobs';

export function bulkJobs(input: BulkJobsInput): Promise<{ results: BulkJobResult[] }> {
  return api<{ results: BulkJobResult[] }>('/jobs/bulk', { method: 'POST', body: input });
}

/** One request for the whole selection; the answer says, per row, whether it was done. */
export function useBulkJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkJobs,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
