import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentRequirements, RequirementsResponse } from '../../../../domain/documents';
import type { VersionedSetting } from '../../../../domain/api/changed-since';
import { api } from '../../../lib/api-client';
import { FLEET_DOCUMENTS_KEY } from '../../documents/api/fleet-documents';

/**
 * PUT /api/documents/requirements: the server checks every driver against
 * them at once. With expectedUpdatedAt, refused (409) when saved by someone since.
 */
export function updateDocumentRequirements(value: VersionedSetting<DocumentRequirements>) {
  return api<RequirementsResponse>('/documents/requirements', {
    method: 'PUT',
    body: value,
  });
}

export function useUpdateDocumentRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocumentRequirements,
    // Every driver's and vehicle's verdict may change with the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLEET_DOCUMENTS_KEY }),
  });
}
