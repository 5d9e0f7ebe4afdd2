import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  DriverDocumentsResponse,
  FleetDocument,
  VehicleDocumentsResponse,
} from '../../../../domain/documents';
import { api } from '../../../lib/api-client';

export const FLEET_DOCUMENTS_KEY = ['fleet-documents'] as const;

/**
 * A document changed: its lists, and the driver and vehicle records whose
 * status comes from the documents (pending verification, suspended), the
 * admin's driver profiles among them (the badge beside a driver's name). The
 * drivers' and vehicles' keys are written out: those features import this one.
 */
function reloadAfterDocumentChange(queryClient: QueryClient) {
  return Promise.all(
    [FLEET_DOCUMENTS_KEY, ['drivers'], ['vehicles'], ['admin', 'drivers']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** GET /api/drivers/:id/documents, or the signed-in driver's own (id 'me'). */
export function getDriverDocuments(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<DriverDocumentsResponse>(`/drivers/${encodeURIComponent(id)}/documents`, { signal });
}

export function useDriverDocuments(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...FLEET_DOCUMENTS_KEY, 'driver', id],
      queryFn: ({ signal }) => getDriverDocuments(id!, { signal }),
      enabled: id !== null,
    }),
  );
}

/** GET /api/vehicles/:id/documents. */
export function useVehicleDocuments(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...FLEET_DOCUMENTS_KEY, 'vehicle', id],
      queryFn: ({ signal }) =>
        api<VehicleDocumentsResponse>(`/vehicles/${encodeURIComponent(id)}/documents`, { signal }),
    }),
  );
}

export type FleetUpload = {
  /** 'drivers/:id', 'drivers/me' or 'vehicles/:id'. */
  owner: string;
  type: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
  notes: string;
  file: File;
};

/** POST multipart to /api/{owner}/documents. */
export function useUploadFleetDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ owner, file, ...fields }: FleetUpload) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file);
      return api<{ document: FleetDocument }>(`/${owner}/documents`, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}

/** Verify, reject (with a reason) or correct the expiry of a document. */
export function useReviewFleetDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      review:
        | { id: string; action: 'verify' }
        | { id: string; action: 'reject'; reason: string }
        | { id: string; action: 'expiry'; expiresOn: string },
    ) => {
      const path = `/fleet-documents/${encodeURIComponent(review.id)}`;
      switch (review.action) {
        case 'verify':
          return api<{ document: FleetDocument }>(`${path}/verify`, { method: 'POST' });
        case 'reject':
          return api<{ document: FleetDocument }>(`${path}/reject`, {
            method: 'POST',
            body: { reason: review.reason },
          });
        case 'expiry':
          return api<{ document: FleetDocument }>(path, {
            method: 'PATCH',
            body: { expiresOn: review.expiresOn },
          });
      }
    },
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}

/** POST /api/drivers/:id/compliance-override. */
export function useOverrideSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      driverId,
      reason,
      endsAt,
    }: {
      driverId: string;
      reason: string;
      endsAt: string;
    }) =>
      api<DriverDocumentsResponse>(`/drivers/${encodeURIComponent(driverId)}/compliance-override`, {
        method: 'POST',
        body: { reason, endsAt },
      }),
    onSuccess: () => reloadAfterDocumentChange(queryClient),
  });
}

export function fleetFileUrl(id: string): string {
  return `/api/fleet-documents/${encodeURIComponent(id)}/file`;
}
