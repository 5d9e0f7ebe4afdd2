import { CSV_FILE } from '../../plugins/openapi';
import Papa from 'papaparse';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  CustomerDetailResponseSchema,
  CustomerExportQuerySchema,
  CustomerInputSchema,
  CustomerListQuerySchema,
  CustomerListResponseSchema,
  CustomerResponseSchema,
  CustomerUpdateSchema,
  RECENT_BOOKINGS_SHOWN,
  type Customer,
  type CustomerBooking,
} from '../../../domain/customers';
import { BookingStatusSchema } from '../../../domain/bookings';
import {
  centsToDollars,
  centsToNumericText,
  dollarsToCents,
  formatDate,
} from '../../../domain/format';
import { NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../../lib/csv';
import {
  createCustomer,
  findCustomer,
  listAllCustomers,
  listCustomers,
  nextPickupTimes,
  recentCustomerBookings,
  updateCustomer,
  type CustomerBookingRow,
  type CustomerRow,
} from './customers-repository';
import { defineFeature } from '../../plugins/app/feature';
import { phoneForDisplay } from '../../../domain/customers/phone-display';

const IdParamsSchema = z.object({ id: z.uuid('is not a customer id') });

function moneyToDollars(amount: string): number {
  return centsToDollars(dollarsToCents(amount));
}

function toCustomer(row: CustomerRow, nextPickup: Date | null = null): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    homeAddress: row.homeAddress,
    preferredVehicleType: row.preferredVehicleType,
    notes: row.notes,
    savedAddresses: row.savedAddresses,
    totalBookings: row.totalBookings,
    totalSpent: moneyToDollars(row.totalSpent),
    lastBookingDate: row.lastBookingDate?.toISOString() ?? null,
    nextBookingDate: nextPickup?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCustomerBooking(row: CustomerBookingRow): CustomerBooking {
  return {
    id: row.id,
    reference: row.reference,
    pickupTime: row.pickupTime.toISOString(),
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    status: BookingStatusSchema.parse(row.status),
    fareAmount: moneyToDollars(row.fareAmount),
  };
}

export const CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Home Address',
  'Preferred Vehicle',
  'Total Bookings',
  'Total Spent',
  'Last Booking',
  'Notes',
] as const;

function customersCsv(rows: CustomerRow[], timeZone: string): string {
  const data = rows.map((row) =>
    [
      row.firstName,
      row.lastName,
      row.email ?? '',
      row.phone ? phoneForDisplay(row.phone) : '',
      row.homeAddress ?? '',
      row.preferredVehicleType ?? '',
      String(row.totalBookings),
      centsToNumericText(dollarsToCents(row.totalSpent)),
      row.lastBookingDate ? formatDate(row.lastBookingDate, timeZone) : '',
      row.notes,
    ].map(neutralizeFormula),
  );
  return Papa.unparse({ fields: [...CSV_COLUMNS], data });
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings'] as const;

/** Customers: search, profile with recent bookings, create, edit, CSV export. */
export const customersRoutes = defineFeature('customers', SERVICES, async (app) => {
  const { db } = app;

  app.get(
    '/api/customers',
    {
      config: { permission: 'customers:read' },
      schema: {
        tags: ['customers'],
        summary:
          'Customers newest first, one page at a time; q matches name (any case, accents aside), email (any case) or phone',
        querystring: CustomerListQuerySchema,
        response: { 200: CustomerListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const { rows, ...page } = await listCustomers(db, request.query);
      const next = await nextPickupTimes(
        db,
        rows.map((row) => row.id),
      );
      return { customers: rows.map((row) => toCustomer(row, next.get(row.id) ?? null)), ...page };
    },
  );

  app.get(
    '/api/customers/export.csv',
    {
      config: { permission: 'customers:manage', file: CSV_FILE },
      schema: {
        tags: ['customers'],
        summary: 'The customers matching q as a CSV file, newest first',
        querystring: CustomerExportQuerySchema,
        response: { 200: z.string(), ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const rows = await listAllCustomers(db, request.query.q);
      const csv = customersCsv(rows, await app.settings.timeZone());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .send(csv);
    },
  );

  app.get(
    '/api/customers/:id',
    {
      config: { permission: 'customers:read' },
      schema: {
        tags: ['customers'],
        summary: 'A customer with their five most recent bookings',
        params: IdParamsSchema,
        response: {
          200: CustomerDetailResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await findCustomer(db, request.params.id);
      if (!row) throw new NotFound('No such customer.');
      const [recent, next] = await Promise.all([
        recentCustomerBookings(db, row.id, RECENT_BOOKINGS_SHOWN),
        nextPickupTimes(db, [row.id]),
      ]);
      return {
        customer: toCustomer(row, next.get(row.id) ?? null),
        recentBookings: recent.map(toCustomerBooking),
      };
    },
  );

  app.post(
    '/api/customers',
    {
      config: { permission: 'customers:create' },
      schema: {
        tags: ['customers'],
        summary: 'Add a customer; a phone or email another customer has is refused (409)',
        body: CustomerInputSchema,
        response: { 201: CustomerResponseSchema, ...PROTECTED_ERRORS, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await createCustomer(db, request.body);
      return reply.status(201).send({ customer: toCustomer(row) });
    },
  );

  app.patch(
    '/api/customers/:id',
    {
      config: { permission: 'customers:manage' },
      schema: {
        tags: ['customers'],
        summary: 'Change a customer’s details and saved addresses (totals come from bookings)',
        params: IdParamsSchema,
        body: CustomerUpdateSchema,
        response: {
          200: CustomerResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await updateCustomer(db, request.params.id, request.body);
      if (!row) throw new NotFound('No such customer.');
      const next = await nextPickupTimes(db, [row.id]);
      return { customer: toCustomer(row, next.get(row.id) ?? null) };
    },
  );
});
