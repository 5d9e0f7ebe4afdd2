import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportHistoryResponse } from '../../../../domain/imports/api';
import type { ImportTemplateKind } from '../../../../domain/imports/templates';
import { api } from '../../../lib/api-client';

export const IMPORTS_QUERY_KEY = ['imports'] as const;

/** GET /api/imports: the latest imports with their counts. */
export function getImportHistory({ signal }: { signal?: AbortSignal } = {}) {
  return api<ImportHistoryResponse>('/imports', { signal });
}

export function getImportHistoryQueryOptions() {
  return queryOptions({
    queryKey: [...IMPORTS_QUERY_KEY, 'history'],
    queryFn: ({ signal }) => getImportHistory({ signal }),
  });
}

export function useImportHistory() {
  return useQuery(getImportHistoryQueryOptions());
}

/** Where an import's report downloads as CSV. */
export function importReportCsvUrl(id: string): string {
  return `/api/imports/${encodeURIComponent(id)}/report.csv`;
}

/** Where a template downloads. */
export function importTemplateUrl(kind: ImportTemplateKind): string {
  return `/api/imports/templates/${kind}`;
}
