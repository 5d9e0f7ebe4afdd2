import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessDocument } from '../../../../domain/documents';
import { api } from '../../../lib/api-client';

/** Every Document Manager query starts with this key: an upload or a share reloads them all. */
export const DOCUMENTS_KEY = ['documents'] as const;

/** GET /api/documents/shared: the active documents shared with the signed-in user's role. */
export function useSharedDocuments() {
  return useQuery(
    queryOptions({
      queryKey: [...DOCUMENTS_KEY, 'shared'],
      queryFn: ({ signal }) =>
        api<{ documents: BusinessDocument[] }>('/documents/shared', { signal }),
    }),
  );
}

/** A document's file (its latest version unless one is named), served as an attachment. */
export function documentFileUrl(id: string, version?: number): string {
  return `/api/documents/${encodeURIComponent(id)}/file${version ? `?version=${version}` : ''}`;
}
