import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  FleetVehicleListResponseSchema,
  FleetVehicleResponseSchema,
  VehicleInputSchema,
  VehicleListQuerySchema,
  VehicleUpdateSchema,
  vehicleSeatsProblem,
  vehicleYearProblem,
  type FleetVehicle,
  type VehicleType,
} from '../../../domain/vehicles';
import { NotFound, invalidField } from '../../lib/errors';
import { vehiclePaperProblems } from '../documents/compliance-repository';
import { PROTECTED_ERRORS } from '../../lib/responses';
import {
  createVehicle,
  driversInVehicle,
  findVehicle,
  listVehicles,
  updateVehicle,
  type VehicleRecord,
} from './vehicles-repository';
import { defineFeature } from '../../plugins/app/feature';

const IdParamsSchema = z.object({ id: z.uuid('is not a vehicle id') });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const VEHICLE_NOT_FOUND = 'Vehicle not found.';

/** The year and the seats against the type: rules zod cannot state alone. */
function assertPlausible(vehicle: { type: VehicleType; seats: number; year: number | null }) {
  const seats = vehicleSeatsProblem(vehicle.type, vehicle.seats);
  if (seats) throw invalidField('seats', seats);
  const year = vehicle.year === null ? null : vehicleYearProblem(vehicle.year, new Date());
  if (year) throw invalidField('year', year);
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings'] as const;

/** The fleet's vehicles: dispatch reads them; only admins add, edit and deactivate. */
export const vehiclesRoutes = defineFeature('vehicles', SERVICES, async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;

  /** Edits the vehicle; its drivers are published when it leaves them (not active). */
  async function update(
    id: string,
    changes: Parameters<typeof updateVehicle>[2],
    expectedUpdatedAt?: string,
  ) {
    const affected =
      changes.status && changes.status !== 'active' ? await driversInVehicle(db, id) : [];
    const expected =
      expectedUpdatedAt === undefined
        ? undefined
        : { updatedAt: expectedUpdatedAt, timeZone: await settings.timeZone() };
    await db.transaction((tx) => updateVehicle(tx, id, changes, expected));
    for (const driverId of affected) await bus.publishDriver({ id: driverId });
  }

  /** The vehicles with what their papers lack (the documents' rule, as a driver's shift reads it). */
  async function withPapers(list: VehicleRecord[]): Promise<FleetVehicle[]> {
    const problems = await vehiclePaperProblems(
      db,
      list.map((one) => one.id),
    );
    return list.map((one) => ({ ...one, paperProblems: problems.get(one.id) ?? [] }));
  }

  /** The stored vehicle, or 404: what a change checks against (its papers not read). */
  async function stored(id: string): Promise<VehicleRecord> {
    const found = await findVehicle(db, id);
    if (!found) throw new NotFound(VEHICLE_NOT_FOUND);
    return found;
  }

  /** The vehicle as answered, with its papers. */
  async function vehicle(id: string): Promise<FleetVehicle> {
    const [withProblems] = await withPapers([await stored(id)]);
    return withProblems!;
  }

  app.get(
    '/api/vehicles',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['vehicles'],
        summary: 'Vehicles by plate; q matches plate, make, model or colour',
        querystring: VehicleListQuerySchema,
        response: { 200: FleetVehicleListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => ({ vehicles: await withPapers(await listVehicles(db, request.query)) }),
  );

  app.get(
    '/api/vehicles/:id',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['vehicles'],
        summary: 'One vehicle with the drivers driving it now',
        params: IdParamsSchema,
        response: { 200: FleetVehicleResponseSchema, ...ERRORS },
      },
    },
    async (request) => ({ vehicle: await vehicle(request.params.id) }),
  );

  app.post(
    '/api/vehicles',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['vehicles'],
        summary: 'Add a vehicle (the plate must be new to the fleet)',
        body: VehicleInputSchema,
        response: { 201: FleetVehicleResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      assertPlausible(request.body);
      const id = await db.transaction((tx) => createVehicle(tx, request.body));
      return reply.status(201).send({ vehicle: await vehicle(id) });
    },
  );

  app.patch(
    '/api/vehicles/:id',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['vehicles'],
        summary: 'Edit a vehicle; a status other than active takes it off its drivers',
        description:
          'With expectedUpdatedAt (the updatedAt the caller read), a vehicle changed since is refused with 409 saying when, and nothing changes. Left out, nothing is checked.',
        params: IdParamsSchema,
        body: VehicleUpdateSchema,
        response: { 200: FleetVehicleResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { expectedUpdatedAt, ...changes } = request.body;
      const before = await stored(id);
      assertPlausible({
        type: changes.type ?? before.type,
        seats: changes.seats ?? before.seats,
        year: changes.year === undefined ? before.year : changes.year,
      });
      await update(id, changes, expectedUpdatedAt);
      return { vehicle: await vehicle(id) };
    },
  );

  app.post(
    '/api/vehicles/:id/deactivate',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['vehicles'],
        summary: 'Deactivate a vehicle: kept on record, no longer offered or assignable',
        params: IdParamsSchema,
        response: { 200: FleetVehicleResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      await stored(id);
      await update(id, { status: 'inactive' });
      return { vehicle: await vehicle(id) };
    },
  );
});
