import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FareComponentsRecord } from '../../../domain/fares';
import type { Executor } from '../../db/database';
import { bookings, customers, drivers, vehicles } from '../../db/schema';
import { isoMicros } from '../../db/timestamp-text';

/** One journey as the WA booking records keep it. */
export type WaRecordRow = {
  id: string;
  reference: string;
  status: string;
  /** To the microsecond, for the keyset (isoMicros). */
  pickupTime: string;
  /** 'YYYY-MM-DD HH:MM:SS' in the business time zone ('' when not yet). */
  takenAt: string;
  pickupAt: string;
  journeyStartedAt: string;
  journeyEndedAt: string;
  pickupLocation: string;
  dropoffLocation: string;
  driverFirstName: string | null;
  driverLastName: string | null;
  ptdNumber: string | null;
  vehicleRegistration: string | null;
  isElectric: boolean | null;
  passengerName: string;
  phone: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  accountCode: string | null;
  numPassengers: number;
  wheelchairPassengers: number;
  fareAmount: string;
  fareComponents: FareComponentsRecord | null;
};

/** Rows per query: large enough that round trips do not dominate, small enough to keep memory flat. */
export const RECORDS_BATCH_SIZE = 2000;

/**
 * The driver's PTD number as it stood for the journey: their PTD document
 * on file at its start (or pickup time), else the earliest filed after it.
 */
const ptdNumber = sql<string | null>`(
  select fd.number from fleet_documents fd
  where fd.driver_id = ${bookings.driverId} and fd.type = 'ptd' and fd.number <> ''
  order by (fd.uploaded_at <= coalesce(${bookings.journeyStartedAt}, ${bookings.pickupTime})) desc,
    case when fd.uploaded_at <= coalesce(${bookings.journeyStartedAt}, ${bookings.pickupTime})
      then fd.uploaded_at end desc,
    fd.uploaded_at asc
  limit 1)`;

/** An instant as 'YYYY-MM-DD HH:MM:SS' wall time in the zone, formatted by the database (100,000 rows cost seconds in JS). */
function localTime(column: SQL, timeZone: string) {
  return sql<string>`coalesce(to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS'), '')`;
}

/**
 * Every booking picked up in [from, to), in pickup order, a batch at a time
 * (keyset on pickup time and id), so an export of any size streams in
 * constant memory on PGlite and PostgreSQL alike.
 */
export async function* streamWaRecords(
  db: Executor,
  range: { from: Date; to: Date },
  timeZone: string,
  batchSize = RECORDS_BATCH_SIZE,
): AsyncGenerator<WaRecordRow[]> {
  let after: { pickupTime: string; id: string } | null = null;
  for (;;) {
    const rows: WaRecordRow[] = await db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        status: bookings.status,
        pickupTime: isoMicros(bookings.pickupTime),
        takenAt: localTime(sql`${bookings.createdAt}`, timeZone),
        pickupAt: localTime(sql`${bookings.pickupTime}`, timeZone),
        journeyStartedAt: localTime(sql`${bookings.journeyStartedAt}`, timeZone),
        journeyEndedAt: localTime(sql`${bookings.journeyEndedAt}`, timeZone),
        pickupLocation: bookings.pickupLocation,
        dropoffLocation: bookings.dropoffLocation,
        driverFirstName: drivers.firstName,
        driverLastName: drivers.lastName,
        ptdNumber,
        vehicleRegistration: vehicles.registration,
        isElectric: vehicles.isElectric,
        passengerName: bookings.passengerName,
        phone: bookings.phone,
        customerFirstName: customers.firstName,
        customerLastName: customers.lastName,
        customerPhone: customers.phone,
        customerEmail: customers.email,
        accountCode: bookings.accountCode,
        numPassengers: bookings.numPassengers,
        wheelchairPassengers: bookings.wheelchairPassengers,
        fareAmount: bookings.fareAmount,
        fareComponents: bookings.fareComponents,
      })
      .from(bookings)
      .leftJoin(customers, eq(customers.id, bookings.customerId))
      .leftJoin(drivers, eq(drivers.id, bookings.driverId))
      .leftJoin(vehicles, eq(vehicles.id, bookings.vehicleId))
      .where(
        and(
          gte(bookings.pickupTime, range.from),
          lt(bookings.pickupTime, range.to),
          after
            ? sql`(${bookings.pickupTime}, ${bookings.id}) > (${after.pickupTime}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(bookings.pickupTime), asc(bookings.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { pickupTime: last.pickupTime, id: last.id };
  }
}
