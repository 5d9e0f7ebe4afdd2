import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequirementsResponse } from '../../../../domain/documents';
import { api } from '../../../lib/api-client';
import { FLEET_DOCUMENTS_KEY } from '../../documents/api/fleet-documents';

export const DOCUMENT_REQUIREMENTS_KEY = [...FLEET_DOCUMENTS_KEY, 'requirements'] as const;

/**
 * GET /api/documents/requirements: the types every driver and vehicle must
 * hold, and their version (sent back with a save as expectedUpdatedAt).
 */
export function getDocumentRequirements({ signal }: { signal?: AbortSignal } = {}) {
  return api<RequirementsResponse>('/documents/requirements', { signal });
}

export function getDocumentRequirementsQueryOptions() {
  return queryOptions({
    queryKey: DOCUMENT_REQUIREMENTS_KEY,
    queryFn: ({ signal }) => getDocumentRequirements({ signal }),
  });
}

export function useDocumentRequirements() {
  return useQuery(getDocumentRequirementsQueryOptions());
}
