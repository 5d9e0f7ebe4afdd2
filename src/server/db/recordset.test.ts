import { getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, customers, drivers } from './schema';
import { columnList, recordsetJson, rowDecoder, selectionDecoder } from './recordset';

describe('recordsetJson', () => {
  it('names columns as the database does, fills a plain default, keeps null and writes dates as ISO', () => {
    const json = recordsetJson(
      bookings,
      ['reference', 'pickupTime', 'notes', 'accountCode', 'numPassengers'],
      [
        {
          reference: 'ABC123',
          pickupTime: new Date('2030-01-15T02:00:00.000Z'),
          pickupLocation: 'A',
          dropoffLocation: 'B',
          notes: undefined,
          accountCode: null,
        },
      ],
    );
    expect(JSON.parse(json)).toEqual([
      {
        reference: 'ABC123',
        pickup_time: '2030-01-15T02:00:00.000Z',
        notes: '',
        account_code: null,
        num_passengers: 1,
      },
    ]);
  });

  it('refuses to leave out a value whose default the database computes', () => {
    expect(() =>
      recordsetJson(
        bookings,
        ['createdAt'],
        [{ pickupTime: new Date(), pickupLocation: 'A', dropoffLocation: 'B', reference: 'X' }],
      ),
    ).toThrow(/created_at/);
  });

  it('lists the columns quoted, in the order given', () => {
    expect(columnList(bookings, ['pickupTime', 'reference'])).toBe('"pickup_time", "reference"');
  });
});

describe('decoders', () => {
  it("decode a row by each column's own mapping", () => {
    const decode = rowDecoder(customers);
    const row = decode({
      id: 'c1',
      first_name: 'Ann',
      total_bookings: '3',
      total_spent: 12.5,
      created_at: '2030-01-15T02:00:00.000Z',
      email: null,
    });
    expect(row).toMatchObject({
      id: 'c1',
      firstName: 'Ann',
      totalBookings: 3,
      totalSpent: '12.5',
      email: null,
    });
    expect(row.createdAt).toEqual(new Date('2030-01-15T02:00:00.000Z'));
  });

  it('decode an array row in the selection order, a whole table nested under its key', () => {
    const decode = selectionDecoder<{
      label: string;
      driver: { id: string; rating: string | null; createdAt: Date };
      customerName: string | null;
    }>({ label: sql<string>`'x'`, driver: drivers, customerName: customers.firstName });
    const driverValues = Object.keys(getTableColumns(drivers)).map((key) =>
      key === 'id' ? 'd1' : key === 'createdAt' ? '2030-01-15 02:00:00+00' : null,
    );
    const row = decode(['x', ...driverValues, 'Ann']);
    expect(row.label).toBe('x');
    expect(row.driver).toMatchObject({ id: 'd1', rating: null });
    expect(row.driver.createdAt).toEqual(new Date('2030-01-15T02:00:00.000Z'));
    expect(row.customerName).toBe('Ann');
  });
});
