import { and, ne, sql } from 'drizzle-orm';
import type { Booking } from '../../../domain/bookings';
import {
  bookingKeys,
  planBookingImport,
  type BookingCreate,
  type BookingCustomer,
  type BookingImportPlan,
  type ExistingBooking,
  type PreparedBooking,
} from '../../../domain/imports';
import type { Executor } from '../../db/database';
import { bookings } from '../../db/schema';
import type { EventBus } from '../../lib/live-events';
import { writeBookings, type BookingDraft, type PricedTrip } from '../bookings/create-bookings';
import { findCustomersByContacts, lockCustomerContacts } from '../customers/customers-repository';
import type { FastifyInstance } from 'fastify';
import { saveImportRecord, type ImportRecord, type ImportRun } from './imports-repository';

/** Notices per statement: each carries a booking (about 1.5 kB). */
const NOTICE_BATCH = 200;

/** The customers the file's phones and emails find, and the bookings already made at its pickup times. */
async function existingFor(db: Executor, prepared: PreparedBooking[]) {
  const { phones, emails, pickupTimes } = bookingKeys(prepared);
  const customers: BookingCustomer[] = (await findCustomersByContacts(db, phones, emails)).map(
    (row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      phone: row.phone,
      email: row.email,
    }),
  );
  const times = JSON.stringify(pickupTimes.map((time) => time.toISOString()));
  const booked: ExistingBooking[] =
    pickupTimes.length === 0
      ? []
      : await db
          .select({
            reference: bookings.reference,
            pickupTime: bookings.pickupTime,
            pickupLocation: bookings.pickupLocation,
            dropoffLocation: bookings.dropoffLocation,
            passengerName: bookings.passengerName,
            phone: bookings.phone,
          })
          .from(bookings)
          .where(
            and(
              sql`${bookings.pickupTime} in (select jsonb_array_elements_text(${times}::jsonb)::timestamptz)`,
              ne(bookings.status, 'cancelled'),
            ),
          );
  return { customers, bookings: booked };
}

/** What importing the bookings would do, without writing anything. */
export async function previewBookingImport(
  db: Executor,
  prepared: PreparedBooking[],
): Promise<BookingImportPlan> {
  return planBookingImport(prepared, await existingFor(db, prepared));
}

function draftOf({ booking }: BookingCreate): BookingDraft {
  return {
    pickupTime: new Date(booking.pickupTime),
    pickupLocation: booking.pickupLocation,
    dropoffLocation: booking.dropoffLocation,
    pickupLat: null,
    pickupLng: null,
    dropoffLat: null,
    dropoffLng: null,
    vehicleType: booking.vehicleType,
    numPassengers: booking.numPassengers,
    numSuitcases: booking.numSuitcases,
    notes: booking.notes,
    accountCode: null,
    isCharged: true,
  };
}

/** The bookings of one passenger (same name, phone and email) go to the service together. */
function byContact(creates: BookingCreate[]): BookingCreate[][] {
  const groups = new Map<string, BookingCreate[]>();
  for (const create of creates) {
    const { name, phone, email } = create.contact;
    const key = JSON.stringify([name, phone, email]);
    groups.set(key, [...(groups.get(key) ?? []), create]);
  }
  return [...groups.values()];
}

export type BookingImportServices = Pick<FastifyInstance, 'db' | 'settings'> & { bus: EventBus };

/**
 * Imports the bookings in one transaction through the one booking creation
 * service (writeBookings, source 'import'): it finds each passenger's
 * customer by phone or email or creates one, inserts the bookings with their
 * 'created' events and adds them to the customers' totals. The bookings
 * carry no coordinates, so their fare is 0 for dispatch to set, as for any
 * booking whose route is unknown. Every open dispatch board hears
 * booking.created by notices sent at the commit (never for a rollback).
 * Imports of bookings, and customer writes, wait for each other (the
 * customers' contact lock), so two at once cannot book one row twice.
 */
export async function importBookings(
  services: BookingImportServices,
  input: ImportRun & { prepared: PreparedBooking[] },
): Promise<{ record: ImportRecord; bookings: Booking[] }> {
  const trip: PricedTrip = { figures: null, tariffs: await services.settings.tariffs() };
  return services.db.transaction(async (tx) => {
    await lockCustomerContacts(tx);
    const plan = planBookingImport(input.prepared, await existingFor(tx, input.prepared));
    const created: Booking[] = [];
    for (const group of byContact(plan.creates)) {
      const written = await writeBookings(
        tx,
        {
          drafts: group.map(draftOf),
          contact: {
            name: group[0]!.contact.name,
            phone: group[0]!.contact.phone,
            email: group[0]!.contact.email ?? undefined,
          },
          source: 'import',
          actor: input.userId,
        },
        trip,
      );
      created.push(...written);
    }
    for (let start = 0; start < created.length; start += NOTICE_BATCH) {
      const notices = services.bus.bookingNotices(
        'booking.created',
        created.slice(start, start + NOTICE_BATCH),
        input.userId,
      );
      if (notices) await tx.execute(notices);
    }
    const record = await saveImportRecord(tx, { ...input, kind: 'bookings', plan });
    return { record, bookings: created };
  });
}
