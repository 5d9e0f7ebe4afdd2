import { pgTable, primaryKey, uuid, index } from 'drizzle-orm/pg-core';
import { drivers } from './drivers';
import { vehicles } from './vehicles';

/** The vehicles a driver may drive, when the driver is not allowed any vehicle. */
export const driverVehicles = pgTable(
  'driver_vehicles',
  {
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'driver_vehicles_pk', columns: [table.driverId, table.vehicleId] }),
    index('driver_vehicles_vehicle_id_idx').on(table.vehicleId),
  ],
);
