import type { Booking } from '../../domain/bookings/api';

/**
 * A booking as the API answers it, pending and unassigned, for the dispatcher
 * screens' tests; each test overrides what it is about.
 */
export function testBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b1',
    reference: 'ABC123',
    status: 'pending',
    pickupTime: '2030-01-15T01:30:00.000Z',
    pickupLocation: 'Perth Airport T1',
    dropoffLocation: 'Fremantle',
    pickupLat: -31.94,
    pickupLng: 115.97,
    dropoffLat: -32.05,
    dropoffLng: 115.75,
    fareAmount: 0,
    fareSetByHand: false,
    passengerName: 'Ann Lee',
    phone: '0412345678',
    vehicleType: 'Standard HUG',
    numPassengers: 2,
    numSuitcases: 1,
    wheelchairPassengers: 0,
    childSeats: 0,
    assistanceNeeds: '',
    notes: '',
    isShuttle: false,
    shuttleRunId: null,
    shuttleSequence: null,
    accountCode: null,
    source: 'dispatch',
    distanceMeters: null,
    durationSeconds: null,
    journeyStartedAt: null,
    journeyEndedAt: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    customer: null,
    driver: null,
    vehicle: null,
    assignedAt: null,
    acknowledgedAt: null,
    acknowledgementOverdueAt: null,
    declinedAt: null,
    returnedAt: null,
    declinedReason: null,
    returnedReason: null,
    ...overrides,
  };
}
