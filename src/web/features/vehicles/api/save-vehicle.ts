import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FleetVehicle, VehicleInput, VehicleUpdate } from '../../../../domain/vehicles';
import { api } from '../../../lib/api-client';
import { VEHICLES_QUERY_KEY } from './get-vehicles';

type VehicleResponse = { vehicle: FleetVehicle };

/** POST /api/vehicles: 201; 409 naming the vehicle with the same plate; 400 naming a bad field. */
export function createVehicle(input: VehicleInput) {
  return api<VehicleResponse>('/vehicles', { method: 'POST', body: input });
}

/** PATCH /api/vehicles/:id: only the fields sent change. */
export function updateVehicle(id: string, update: VehicleUpdate) {
  return api<VehicleResponse>(`/vehicles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: update,
  });
}

/** POST /api/vehicles/:id/deactivate: kept on record, no longer offered. */
export function deactivateVehicle(id: string) {
  return api<VehicleResponse>(`/vehicles/${encodeURIComponent(id)}/deactivate`, {
    method: 'POST',
  });
}

function useVehicleMutation<T>(mutationFn: (input: T) => Promise<VehicleResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Drivers show their current vehicle: reload both.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['drivers'] }),
      ]),
  });
}

export const useCreateVehicle = () => useVehicleMutation(createVehicle);
export const useUpdateVehicle = () =>
  useVehicleMutation(({ id, update }: { id: string; update: VehicleUpdate }) =>
    updateVehicle(id, update),
  );
export const useDeactivateVehicle = () => useVehicleMutation(deactivateVehicle);
