import { useMutation } from '@tanstack/react-query';
import type { VehicleType } from '../../../../domain/vehicles';
import { api } from '../../../lib/api-client';
import type { TripOptionFlag } from '../../fares/utils/trip-options';

export type OnlineBookingInput = {
  pickupLocation: string;
  pickupLat?: number;
  pickupLng?: number;
  /** The server's proof of the chosen place (decision 210). */
  pickupProof?: string | undefined;
  dropoffLocation: string;
  dropoffLat?: number;
  dropoffLng?: number;
  dropoffProof?: string | undefined;
  stops?: { location: string; lat?: number; lng?: number; proof?: string | undefined }[];
  /** ISO 8601 instant. */
  pickupTime: string;
  numPassengers: number;
  largeSuitcases: number;
  mediumSuitcases: number;
  vehicleType: VehicleType;
  /** Child seats to fit, 0-4. */
  childSeats: number;
  options: Record<TripOptionFlag, boolean>;
  passengerName: string;
  phone: string;
  email?: string;
  /** What help the passengers need; left out, the assistance options ticked say it. */
  assistanceNeeds?: string;
  notes?: string;
};

export type OnlineBooking = {
  id: string;
  reference: string;
  status: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  vehicleType: VehicleType;
  /** Dollars. */
  fareAmount: number;
  numPassengers: number;
  /** The route the server priced (null: none could be worked out). */
  distanceMeters: number | null;
  durationSeconds: number | null;
};

export type CreateOnlineBookingRequest = { booking: OnlineBookingInput; idempotencyKey: string };

/**
 * A public booking request: a pending booking for dispatch. The same
 * Idempotency-Key twice creates one booking, so a double click or a retry
 * after a lost answer is safe.
 */
export function createOnlineBooking({
  booking,
  idempotencyKey,
}: CreateOnlineBookingRequest): Promise<{ booking: OnlineBooking }> {
  return api<{ booking: OnlineBooking }>('/online-bookings', {
    method: 'POST',
    body: booking,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOnlineBooking() {
  return useMutation({ mutationFn: createOnlineBooking });
}
