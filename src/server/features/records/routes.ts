import { CSV_FILE } from '../../plugins/openapi';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import type { BookingStatus } from '../../../domain/bookings/status';
import { dayRangeToIso } from '../../../domain/bookings/wall-time';
import { centsToNumericText, dollarsToCents } from '../../../domain/format';
import {
  farePaidCents,
  recordRangeRefusal,
  WA_RECORD_COLUMNS,
  WaRecordsQuerySchema,
} from '../../../domain/records';
import type { Database } from '../../db/database';
import { invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../../lib/csv';
import { streamWaRecords, type WaRecordRow } from './records-repository';
import { defineFeature } from '../../plugins/app/feature';
import { phoneForDisplay } from '../../../domain/customers/phone-display';

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

/** One CSV row: money in dollars, formulas made plain text (times come formatted). */
export function waRecordCells(row: WaRecordRow): string[] {
  const paid = farePaidCents(row.status as BookingStatus, dollarsToCents(row.fareAmount));
  const parts = paid === null || paid === 0 ? null : row.fareComponents;
  const customerName = fullName(row.customerFirstName, row.customerLastName) || row.passengerName;
  const cells = [
    row.reference,
    row.status,
    row.takenAt,
    row.pickupAt,
    row.journeyStartedAt,
    row.journeyEndedAt,
    row.pickupLocation,
    row.dropoffLocation,
    fullName(row.driverFirstName, row.driverLastName),
    row.ptdNumber ?? '',
    row.vehicleRegistration ?? '',
    row.isElectric === null ? '' : row.isElectric ? 'Yes' : 'No',
    customerName,
    phoneForDisplay(row.customerPhone ?? row.phone),
    row.customerEmail ?? '',
    row.accountCode ?? '',
    String(row.numPassengers),
    String(row.wheelchairPassengers),
    paid === null ? '' : centsToNumericText(paid),
    ...(parts
      ? [
          parts.baseRateCents,
          parts.distanceCostCents,
          parts.timeCostCents,
          parts.childSeatFeeCents,
          parts.minimumTopUpCents,
          parts.roundingCents,
          parts.adjustmentCents,
        ].map((cents) => centsToNumericText(cents))
      : ['', '', '', '', '', '', '']),
  ];
  return cells.map(neutralizeFormula);
}

/** The CSV as a stream: the header, then one chunk per batch of rows from the database. */
export function waRecordsCsv(
  db: Database,
  range: { from: Date; to: Date },
  timeZone: string,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `${Papa.unparse([[...WA_RECORD_COLUMNS]])}\r\n`;
    for await (const rows of streamWaRecords(db, range, timeZone)) {
      yield `${Papa.unparse(rows.map(waRecordCells))}\r\n`;
    }
  }
  return Readable.from(lines());
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings'] as const;

/** Admin → Reports: the WA booking records. */
export const recordsRoutes = defineFeature('records', SERVICES, async (app) => {
  const { db, settings } = app;

  app.get(
    '/api/records/wa-bookings.csv',
    {
      config: { permission: 'records:export', file: CSV_FILE },
      schema: {
        tags: ['records'],
        summary: 'The WA booking records of the journeys picked up from one day to another, as CSV',
        description:
          'Every booking picked up from the start of `from` to the end of `to` (business time zone, at most 800 days), in pickup order: when it was taken, the journey start and end, places, the driver and PTD number, the vehicle and whether it is electric, the customer or account charged, passengers and wheelchair passengers, the fare paid and its components. Streamed in batches.',
        querystring: WaRecordsQuerySchema,
        // The 200 is a text/csv file (the OpenAPI plugin describes every '.csv' route so).
        response: { ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const refusal = recordRangeRefusal(from, to);
      if (refusal) throw invalidField('to', refusal);
      const timeZone = await settings.timeZone();
      const range = dayRangeToIso(from, to, timeZone);
      // A stream goes out as it is: no response schema serializes it.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="wa-booking-records-${from}-to-${to}.csv"`,
        )
        .send(waRecordsCsv(db, { from: new Date(range.from), to: new Date(range.to) }, timeZone));
    },
  );
});
