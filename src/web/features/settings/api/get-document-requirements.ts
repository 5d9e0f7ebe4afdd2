import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentRequirements } from '../../../../domain/documents';
import { api } from '../../../lib/api-client';
import { FLEET_DOCUMENTS_KEY } from '../../documents/api/fleet-documents';

export const DOCUMENT_REQUIREMENTS_KEY = [...FLEET_DOCUMENTS_KEY, 'requirements'] as const;

/** GET /api/documents/requirements: the types every driver and vehicle must hold. */
export function getDocumentRequirements({ signal }: { signal?: AbortSignal } = {}) {
  return api<{ requirements: DocumentRequirements }>('/documents/requirements', { signal });
}

export function useDocumentRequirements() {
  return useQuery(
    queryOptions({
      queryKey: DOCUMENT_REQUIREMENTS_KEY,
      queryFn: ({ signal }) => getDocumentRequirements({ signal }),
    }),
  );
}
