import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportReportResponse } from '../../../../domain/imports/api';
import { api } from '../../../lib/api-client';
import { IMPORTS_QUERY_KEY } from './get-import-history';

/** GET /api/imports/:id: one past import's counts and the rows not simply added. */
export function getImportReport(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<ImportReportResponse>(`/imports/${encodeURIComponent(id)}`, { signal });
}

export function getImportReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'report', id],
    queryFn: ({ signal }) => getImportReport(id, { signal }),
  });
}

export function useImportReport(id: string) {
  return useQuery(getImportReportQueryOptions(id));
}
