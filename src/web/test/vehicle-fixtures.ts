import type { FleetVehicle } from '../../domain/vehicles';

/** A vehicle as GET /api/vehicles lists it. */
export function fleetVehicle(overrides: Partial<FleetVehicle> = {}): FleetVehicle {
  return {
    id: 'v2',
    registration: '1NEW001',
    type: 'Standard HUG',
    make: 'Toyota',
    model: 'Camry',
    colour: 'White',
    year: 2024,
    seats: 4,
    isElectric: false,
    isWheelchairAccessible: false,
    status: 'active',
    notes: '',
    drivenBy: null,
    usualDrivers: [],
    paperProblems: [],
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}
