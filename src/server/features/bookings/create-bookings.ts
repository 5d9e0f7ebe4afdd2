import {
  bookingFareCents,
  passengerCountsRefusal,
  type Booking,
  type BookingSource,
  type RouteFigures,
} from '../../../domain/bookings';
import { normalizeAuPhone } from '../../../domain/customers';
import type { TariffTable } from '../../../domain/fares';
import { centsToNumericText } from '../../../domain/format';
import type { VehicleType } from '../../../domain/vehicles';
import type { Transaction } from '../../db/database';
import { invalidField } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import type { EventBus } from '../../lib/live-events';
import type { BookingCustomer } from '../customers/customers-repository';
import type { FastifyInstance } from 'fastify';
import { insertBookings, type NewBooking } from './bookings-repository';
import { toNewBookingDto } from './booking-read-model';

// Every booking in the business is created here, whatever screen or program
// asked for it: the New Booking panel (and Paste Booking, which fills it),
// the public /book page, Multi Booking, and later the importer and the driver
// app. One rule each for the customer, the route figures, the fare and the
// live event, so the callers cannot drift apart again.

/** One booking to create; the service adds its customer, fare, route figures and source. */
export type BookingDraft = {
  pickupTime: Date;
  pickupLocation: string;
  dropoffLocation: string;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffLat: number | null;
  dropoffLng: number | null;
  vehicleType: VehicleType;
  numPassengers: number;
  numSuitcases: number;
  /** Of numPassengers, those seated in their wheelchair; none when left out. */
  wheelchairPassengers?: number;
  /** Child seats to fit (none when left out); any are priced with the child seat fee. */
  childSeats?: number;
  /** What help the passengers need, in a few words; none when left out. */
  assistanceNeeds?: string;
  notes: string;
  accountCode: string | null;
  /** A stop of a shuttle run: the run and its place in it (0 is the main pickup). */
  shuttle?: { runId: string; sequence: number };
  /**
   * Carries the trip's fare and route figures. Every booking does, except a
   * shuttle run's stops: the run is charged once, on its main pickup.
   */
  isCharged: boolean;
};

/** Who the bookings are for: a known customer, or the passenger's name and contact details. */
export type BookingContact = {
  customerId?: string | undefined;
  name: string;
  phone: string;
  email?: string | undefined;
};

type Point = { lat?: number | undefined; lng?: number | undefined };

/**
 * The trip every draft shares: its points in order, and the figures a staff
 * screen measured (through our own /api/routes). A visitor's figures are
 * never passed: the public fare comes from our routing alone.
 */
export type TripRoute = {
  points: Point[];
  distanceMeters?: number | undefined;
  durationSeconds?: number | undefined;
};

export type CreateBookingsRequest = {
  drafts: BookingDraft[];
  contact: BookingContact;
  route: TripRoute;
  source: BookingSource;
  /** The signed-in user who asked, or null (a visitor, a program). */
  actor: string | null;
  /** Same scope, key and body again: the stored answer, nothing created. */
  idempotency: { scope: string; key: string | null; body: unknown };
  /** Checks that need the transaction (e.g. an account code exists); throw to refuse. */
  validate?: (tx: Transaction) => Promise<void>;
  /** Where references come from (tests force a collision); random by default. */
  pickReference?: () => string;
};

export type BookingServices = Pick<FastifyInstance, 'db' | 'maps' | 'settings'> & {
  bus: EventBus;
};

/** The phone as stored: E.164 when it is a valid Australian number, else as typed. */
export function storedPhone(phone: string): string {
  return normalizeAuPhone(phone) ?? phone.trim();
}

/**
 * Distance and duration for the fare, by one rule for every source: our own
 * routing when every point has coordinates and the router answers, else the
 * figures the staff screen measured, else our straight-line estimate of the
 * located points, else none (and the fare stays 0 for dispatch to set).
 */
export async function decideRouteFigures(
  route: TripRoute,
  maps: FastifyInstance['maps'],
): Promise<RouteFigures | null> {
  const located = route.points.filter(
    (point): point is { lat: number; lng: number } =>
      point.lat !== undefined && point.lng !== undefined,
  );
  const request =
    located.length >= 2 && located.length === route.points.length
      ? { origin: located[0]!, destination: located.at(-1)!, stopovers: located.slice(1, -1) }
      : null;
  if (request) {
    try {
      return roundedFigures(await maps.route(request));
    } catch {
      // The routing service failing must not lose a booking: fall through.
    }
  }
  if (route.distanceMeters !== undefined && route.durationSeconds !== undefined) {
    return { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds };
  }
  return request ? roundedFigures(maps.estimate(request)) : null;
}

function roundedFigures(route: RouteFigures): RouteFigures {
  return {
    distanceMeters: Math.round(route.distanceMeters),
    durationSeconds: Math.round(route.durationSeconds),
  };
}

/** Whom the bookings belong to: the customer named by id, else one found or made by phone or email, else none. */
function bookingCustomer(contact: BookingContact, phone: string | null): BookingCustomer {
  if (contact.customerId) return { kind: 'existing', id: contact.customerId };
  const email = contact.email?.trim() || null;
  if (!phone && !email) return { kind: 'none' };
  return {
    kind: 'contact',
    contact: { fullName: contact.name || phone || email || '', phone, email },
  };
}

export type PricedTrip = { figures: RouteFigures | null; tariffs: TariffTable };

/**
 * The in-transaction half, in one statement: inserts the bookings in order
 * with their 'created' events and their customer (found, or made), counted in
 * the customer's totals; returns the bookings as the API shows them, without
 * reading them back. Publishing is the caller's.
 */
export async function writeBookings(
  tx: Transaction,
  request: Pick<CreateBookingsRequest, 'drafts' | 'contact' | 'source' | 'actor' | 'pickReference'>,
  trip: PricedTrip,
): Promise<Booking[]> {
  // Parsed once for the customer and the rows (libphonenumber: the two parses
  // were about 5 % of a creation's CPU in a profile).
  const phone = request.contact.phone.trim() ? storedPhone(request.contact.phone) : null;
  const rows: NewBooking[] = request.drafts.map((draft) => {
    const figures = draft.isCharged ? trip.figures : null;
    const fareCents = figures
      ? bookingFareCents(figures, draft.vehicleType, draft.childSeats ?? 0, trip.tariffs)
      : 0;
    return {
      pickupTime: draft.pickupTime,
      pickupLocation: draft.pickupLocation,
      dropoffLocation: draft.dropoffLocation,
      pickupLat: draft.pickupLat,
      pickupLng: draft.pickupLng,
      dropoffLat: draft.dropoffLat,
      dropoffLng: draft.dropoffLng,
      status: 'pending',
      fareAmount: centsToNumericText(fareCents),
      passengerName: request.contact.name,
      phone: phone ?? '',
      vehicleType: draft.vehicleType,
      numPassengers: draft.numPassengers,
      numSuitcases: draft.numSuitcases,
      wheelchairPassengers: draft.wheelchairPassengers ?? 0,
      childSeats: draft.childSeats ?? 0,
      assistanceNeeds: draft.assistanceNeeds ?? '',
      notes: draft.notes,
      accountCode: draft.accountCode,
      isShuttle: draft.shuttle !== undefined,
      shuttleRunId: draft.shuttle?.runId ?? null,
      shuttleSequence: draft.shuttle?.sequence ?? null,
      source: request.source,
      distanceMeters: figures?.distanceMeters ?? null,
      durationSeconds: figures?.durationSeconds ?? null,
    };
  });
  const inserted = await insertBookings(
    tx,
    rows,
    bookingCustomer(request.contact, phone),
    request.actor,
    request.pickReference,
  );
  return inserted.rows.map((row) => toNewBookingDto(row, inserted.customer));
}

/**
 * Creates the bookings of one request, all or nothing: routes and prices the
 * trip (outside the transaction: the router is a network call), writes in
 * one transaction under the Idempotency-Key, and tells every open dispatch
 * board about each new booking by notices sent at the commit. A replayed key
 * answers what it answered the first time and publishes nothing. At most five
 * round trips: begin, the key, the bookings (with their customer, events and
 * totals), the stored answer with the notices, commit. A draft with more
 * wheelchair passengers or child seats than passengers is refused first.
 */
export async function createBookings<T>(
  services: BookingServices,
  request: CreateBookingsRequest,
  answer: (bookings: Booking[]) => T,
): Promise<{ body: T; replayed: boolean }> {
  for (const draft of request.drafts) {
    const refusal = passengerCountsRefusal({
      numPassengers: draft.numPassengers,
      wheelchairPassengers: draft.wheelchairPassengers ?? 0,
      childSeats: draft.childSeats ?? 0,
    });
    if (refusal) throw invalidField(refusal.field, refusal.problem);
  }
  const figures = request.drafts.some((draft) => draft.isCharged)
    ? await decideRouteFigures(request.route, services.maps)
    : null;
  const trip: PricedTrip = { figures, tariffs: await services.settings.tariffs() };
  const stored = await runIdempotent(services.db, request.idempotency, async (tx) => {
    await request.validate?.(tx);
    const created = await writeBookings(tx, request, trip);
    return {
      statusCode: 201,
      body: answer(created),
      alongside: services.bus.bookingNotices('booking.created', created, request.actor),
    };
  });
  return { body: stored.body, replayed: stored.replayed };
}
