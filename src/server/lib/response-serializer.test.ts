import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { HealthResponseSchema } from '../../domain/api';
import { BookingListResponseSchema, type Booking } from '../../domain/bookings';
import {
  DEFAULT_TARIFFS,
  QuoteResponseSchema,
  quoteFare,
  toQuoteResponse,
} from '../../domain/fares';
import { FAST_RESPONSES } from '../app';
import { registerErrorHandling } from '../plugins/errors';
import { compileFastSerializer, responseSerializerCompiler } from './response-serializer';

const booking: Booking = {
  id: '0b0c4c3e-1111-2222-3333-444455556666',
  reference: 'PCX7K2QF',
  status: 'assigned',
  pickupTime: '2026-06-01T01:30:00.000Z',
  pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
  dropoffLocation: 'Crown Towers "Perth", Great Eastern Hwy\nBurswood WA 6100',
  pickupLat: -31.94,
  pickupLng: 115.97,
  dropoffLat: null,
  dropoffLng: null,
  fareAmount: 85.5,
  fareSetByHand: false,
  passengerName: 'Zoë Ng',
  phone: '0412000012',
  vehicleType: 'Standard HUG',
  numPassengers: 2,
  numSuitcases: 1,
  wheelchairPassengers: 0,
  childSeats: 1,
  assistanceNeeds: '',
  notes: 'Gate 3 \u2028 ✈',
  isShuttle: false,
  shuttleRunId: null,
  shuttleSequence: null,
  accountCode: null,
  source: 'dispatch',
  distanceMeters: 12012,
  durationSeconds: 1200,
  journeyStartedAt: null,
  journeyEndedAt: null,
  createdAt: '2026-05-01T01:30:00.000Z',
  updatedAt: '2026-05-01T01:30:00.000Z',
  customer: { id: 'c1', firstName: 'Zoë', lastName: 'Ng', phone: null, email: 'z@example.test' },
  driver: { id: 'd1', firstName: 'Sam', lastName: 'Lee', phone: '0400000000', rating: null },
  vehicle: null,
  assignedAt: '2026-05-01T02:00:00.000Z',
  acknowledgedAt: null,
  acknowledgementOverdueAt: null,
  declinedAt: null,
  returnedAt: null,
  declinedReason: null,
  returnedReason: null,
} as Booking;

const quote = toQuoteResponse(
  quoteFare(
    { distanceMeters: 12345, durationSeconds: 900, vehicleType: 'Standard HUG', childSeats: true },
    DEFAULT_TARIFFS,
  ),
);

/** What the zod serializer (every other route) writes for the same answer. */
const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

describe('the hot routes’ response serializer', () => {
  it('compiles every hot schema (none falls back to zod unnoticed)', () => {
    for (const schema of FAST_RESPONSES) {
      expect(compileFastSerializer(schema as z.ZodType)).not.toBeNull();
    }
  });

  it('writes what the zod serializer writes', () => {
    const list = { bookings: [booking, { ...booking, driver: null, customer: null }], total: 2 };
    const fast = compileFastSerializer(BookingListResponseSchema)!;
    expect(fast(list)).toBe(zodJson(BookingListResponseSchema, list));
    expect(compileFastSerializer(QuoteResponseSchema)!(quote)).toBe(
      zodJson(QuoteResponseSchema, quote),
    );
    const health = { status: 'ok', database: 'postgres' };
    expect(compileFastSerializer(HealthResponseSchema)!(health)).toBe(
      zodJson(HealthResponseSchema, health),
    );
  });

  it('never writes a field the schema does not declare, at any depth', () => {
    const leaky = {
      bookings: [
        {
          ...booking,
          internalNote: 'not for clients',
          customer: { ...booking.customer, passwordHash: 'secret-hash' },
        },
      ],
      total: 1,
      debug: { sql: 'select *' },
    };
    const json = compileFastSerializer(BookingListResponseSchema)!(leaky);
    expect(json).not.toContain('not for clients');
    expect(json).not.toContain('secret-hash');
    expect(json).not.toContain('select *');
    expect(JSON.parse(json)).toEqual(BookingListResponseSchema.parse(leaky));
  });

  async function appAnswering(answer: unknown, check: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ fast: FAST_RESPONSES, check }));
    registerErrorHandling(app);
    app.get('/health', { schema: { response: { 200: HealthResponseSchema } } }, async () => answer);
    await app.ready();
    return app;
  }

  it('outside production, an answer that stops matching its schema is a 500 (the contract is tested)', async () => {
    const app = await appAnswering({ status: 'fine', database: 'postgres' }, true);
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'internal' } });
    await app.close();
  });

  it('in production, answers the same JSON without the zod check', async () => {
    const app = await appAnswering({ status: 'ok', database: 'postgres', extra: 1 }, false);
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"status":"ok","database":"postgres"}');
    await app.close();
  });
});
