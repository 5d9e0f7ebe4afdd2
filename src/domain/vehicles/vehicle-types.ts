import { z } from 'zod';
import { VEHICLE_TYPES } from './vehicle-type-names';

// The vehicle types themselves live in vehicle-type-names.ts, free of zod, for
// the web's first download (decision 34); the schema stays here.
export {
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_CAPACITY,
  VEHICLE_TYPES,
  isVehicleType,
  type VehicleType,
} from './vehicle-type-names';
export const VehicleTypeSchema = z.enum(VEHICLE_TYPES);
