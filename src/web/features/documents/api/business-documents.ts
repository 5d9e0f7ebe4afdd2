import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Role } from '../../../../domain/access';
import type {
  BusinessDocumentDetailSchema,
  BusinessDocumentListResponseSchema,
  DocumentCategory,
} from '../../../../domain/documents';
import { api } from '../../../lib/api-client';
import { DOCUMENTS_KEY } from './shared-documents';

type ListResponse = z.infer<typeof BusinessDocumentListResponseSchema>;
type Detail = z.infer<typeof BusinessDocumentDetailSchema>;

/** GET /api/documents?q=&category=. */
export function useBusinessDocuments(filter: { q: string; category: DocumentCategory | null }) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.category) params.set('category', filter.category);
  return useQuery(
    queryOptions({
      queryKey: [...DOCUMENTS_KEY, 'list', filter.q.trim(), filter.category],
      queryFn: ({ signal }) => api<ListResponse>(`/documents?${params}`, { signal }),
      placeholderData: (previous) => previous,
    }),
  );
}

/** GET /api/documents/:id: the version history. */
export function useDocumentVersions(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DOCUMENTS_KEY, 'detail', id],
      queryFn: ({ signal }) => api<Detail>(`/documents/${encodeURIComponent(id!)}`, { signal }),
      enabled: id !== null,
    }),
  );
}

export type DocumentUpload = {
  /** Set: a new version of this document (Renew). */
  documentId?: string;
  name?: string;
  category?: DocumentCategory;
  sharedWith?: Role[];
  expiresOn: string;
  file: File;
};

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => {
      const form = new FormData();
      if (!upload.documentId) {
        form.append('name', upload.name ?? '');
        form.append('category', upload.category ?? '');
        form.append('sharedWith', (upload.sharedWith ?? []).join(','));
      }
      form.append('expiresOn', upload.expiresOn);
      form.append('file', upload.file);
      const path = upload.documentId
        ? `/documents/${encodeURIComponent(upload.documentId)}/versions`
        : '/documents';
      return api<Detail>(path, { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

/** Archive (true) or Restore (false) the documents, or set whom they are shared with. */
export type BulkDocumentAction =
  { ids: string[]; archive: boolean } | { ids: string[]; sharedWith: Role[] };

export function useBulkDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkDocumentAction) =>
      'sharedWith' in action
        ? api<{ updated: number }>('/documents/share', { method: 'POST', body: action })
        : api<{ updated: number }>(`/documents/${action.archive ? 'archive' : 'restore'}`, {
            method: 'POST',
            body: { ids: action.ids },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
