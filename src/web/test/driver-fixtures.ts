import { vi } from 'vitest';
import { act } from '@testing-library/react';
import type { DriverProfile } from '../../domain/admin';
import type { DriverJob } from '../../domain/bookings/driver-jobs';
import type { RosterDriver } from '../../domain/drivers';
import type { DriverHome } from '../../domain/drivers/shift';

/** Test support for the driver app's screens: a driver's home answer, a job, a phone's GPS. */

export const TEST_VEHICLE = {
  id: '33333333-3333-4333-8333-333333333333',
  type: 'Standard HUG' as const,
  make: 'Toyota',
  model: 'Camry',
  registration: '1HUG001',
};

export const TEST_SHIFT = {
  id: 's1',
  vehicle: TEST_VEHICLE,
  startedAt: '2026-03-02T00:00:00.000Z',
  endedAt: null,
  odometer: null,
};

export function driverHome(overrides: Partial<DriverHome> = {}): DriverHome {
  return {
    driver: {
      id: 'd1',
      userId: 'user-1',
      firstName: 'Dee',
      lastName: 'Driver',
      email: 'driver@demo.test',
      phone: null,
      rating: 4.8,
      status: 'offline',
      availability: 'away',
      location: null,
      vehicle: null,
      createdAt: '2026-03-01T00:00:00.000Z',
    },
    shift: null,
    vehicles: [{ ...TEST_VEHICLE, inUseBy: null, paperProblems: [] }],
    defaultVehicleId: TEST_VEHICLE.id,
    today: { earnings: 135.5, trips: 2 },
    nextBooking: {
      id: 'b1',
      reference: 'ABC123',
      // This time tomorrow.
      pickupTime: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Cottesloe Beach',
      passengerName: 'Pat Passenger',
      fareAmount: 85,
    },
    ...overrides,
  };
}

/** A driver record as the admin's roster reads it: active, off shift, no vehicle, unrated. */
export function rosterDriver(overrides: Partial<RosterDriver> = {}): RosterDriver {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    userId: 'user-9',
    accountState: 'linked',
    invitedAt: null,
    firstName: 'Nina',
    lastName: 'New',
    phone: '+61412555001',
    email: 'nina@example.test',
    status: 'active',
    isOnShift: false,
    vehicle: null,
    shiftVehicle: null,
    vehicleTakenBy: null,
    rating: null,
    ratingCount: 0,
    tripsThisMonth: 0,
    licenceNumber: null,
    preferredArea: null,
    notes: '',
    drivesAnyVehicle: true,
    allowedVehicleIds: [],
    createdAt: '2026-03-01T00:00:00.000Z',
    deactivatedAt: null,
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export const TEST_JOB: DriverJob = {
  id: '44444444-4444-4444-8444-444444444444',
  reference: 'JOB001',
  status: 'assigned',
  pickupTime: '2026-03-02T01:30:00.000Z',
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Cottesloe Beach',
  pickupLat: -31.94,
  pickupLng: 115.97,
  dropoffLat: null,
  dropoffLng: null,
  fareAmount: 85,
  passengerName: 'Pat Passenger',
  phone: '+61412000111',
  vehicleType: 'Standard HUG',
  numPassengers: 2,
  numSuitcases: 3,
  wheelchairPassengers: 0,
  childSeats: 0,
  assistanceNeeds: '',
  notes: 'Meet at the taxi rank',
  isShuttle: false,
  shuttleRunId: null,
  shuttleSequence: null,
  accountCode: null,
  source: 'dispatch',
  distanceMeters: null,
  durationSeconds: null,
  journeyStartedAt: null,
  journeyEndedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  customer: null,
  driver: null,
  vehicle: null,
  acknowledgedAt: null,
  arrivedAt: null,
};

/**
 * A phone's GPS moved by hand: navigator.geolocation is replaced, and the
 * callbacks given to watchPosition are kept for `read` and `deny` to call.
 */
export function fakeGeolocation() {
  let onPosition: PositionCallback | null = null;
  let onError: PositionErrorCallback | null = null;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      onPosition = success;
      onError = failure ?? null;
      return 7;
    }),
    clearWatch: vi.fn(),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    /** The phone reads this position now. */
    async read(position: { lat: number; lng: number }) {
      await act(async () => {
        onPosition?.({
          coords: {
            latitude: position.lat,
            longitude: position.lng,
            accuracy: 8,
            heading: null,
            altitude: null,
            altitudeAccuracy: null,
            speed: null,
          },
          timestamp: Date.now(),
        } as GeolocationPosition);
      });
    },
    /** The driver says no to the location permission. */
    async deny() {
      await act(async () => {
        onError?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      });
    },
  };
}

/** The admin's profile of a driver (GET /api/admin/drivers/:id/profile): new, no trips yet. */
export function driverProfile(overrides: Partial<DriverProfile> = {}): DriverProfile {
  return {
    id: 'driver-1',
    name: 'Nina Newcomer',
    email: 'nina@example.test',
    phone: '+61412000558',
    status: 'active',
    rating: null,
    totalTrips: 0,
    joinDate: '2026-11-01T00:00:00.000Z',
    preferredArea: null,
    isOnShift: false,
    vehicle: null,
    shiftVehicle: null,
    vehicleTakenBy: null,
    earningsCents: { today: 0, week: 0, month: 0 },
    metrics: {
      acceptanceRate: null,
      completionRate: null,
      onTimeRate: null,
      customerSatisfaction: null,
    },
    recentTrips: [],
    ...overrides,
  };
}
