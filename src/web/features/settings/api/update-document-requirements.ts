import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentRequirements } from '../../../../domain/documents';
import { api } from '../../../lib/api-client';
import { FLEET_DOCUMENTS_KEY } from '../../documents/api/fleet-documents';

/** PUT /api/documents/requirements: the server checks every driver against them at once. */
export function updateDocumentRequirements(value: DocumentRequirements) {
  return api<{ requirements: DocumentRequirements }>('/documents/requirements', {
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
