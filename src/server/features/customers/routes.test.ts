import { eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Customer,
  CustomerDetailResponse,
  CustomerListResponse,
} from '../../../domain/customers';
import { customers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
// Bookings written as the bookings feature writes them (a test-only edge).
// eslint-disable-next-line import-x/no-restricted-paths
import { insertBookings, type NewBooking } from '../bookings/bookings-repository';
import { refreshCustomerTotals } from './customers-repository';
import { containsPattern } from '../../lib/like-pattern';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;

/** Customers created one second apart, oldest first, so 'newest first' is well defined. */
const FIXTURES = [
  {
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'jane.citizen@example.com',
    phone: '+61412345678',
  },
  { firstName: 'John', lastName: 'Smith', email: 'JSMITH@Work.example', phone: '+61898765432' },
  { firstName: 'Percent', lastName: '100%', email: 'under_score@example.com', phone: null },
  { firstName: 'Back', lastName: 'Sl\\ash', email: null, phone: '+61 8 9221 1234 EXT 5' },
  { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '+61412000111 ext 9' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  const base = Date.parse('2024-01-01T00:00:00Z');
  await t.connection.db
    .insert(customers)
    .values(
      FIXTURES.map((fixture, index) => ({ ...fixture, createdAt: new Date(base + index * 1000) })),
    );
});

afterAll(async () => {
  await t.close();
});

function get(url: string, user: TestUser = admin) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

function send(method: 'POST' | 'PATCH', url: string, payload: unknown, user: TestUser = admin) {
  return t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
  });
}

async function search(q: string): Promise<string[]> {
  const response = await get(`/api/customers?q=${encodeURIComponent(q)}&limit=200`);
  expect(response.statusCode).toBe(200);
  return (response.json() as CustomerListResponse).customers.map((c) => c.firstName);
}

describe('GET /api/customers', () => {
  it('lists customers newest first with the total', async () => {
    const response = await get('/api/customers');
    expect(response.statusCode).toBe(200);
    const body = response.json() as CustomerListResponse;
    expect(body.total).toBe(FIXTURES.length);
    expect(body.customers.map((c) => c.firstName)).toEqual([
      'Ann',
      'Back',
      'Percent',
      'John',
      'Jane',
    ]);
    expect(body.customers[4]).toMatchObject({
      firstName: 'Jane',
      lastName: 'Citizen',
      totalBookings: 0,
      totalSpent: 0,
      lastBookingDate: null,
      savedAddresses: [],
      createdAt: '2024-01-01T00:00:00.000Z',
    });
  });

  it('pages with limit and offset and still counts every match', async () => {
    const first = (await get('/api/customers?limit=2')).json() as CustomerListResponse;
    const second = (await get('/api/customers?limit=2&offset=2')).json() as CustomerListResponse;
    const past = (await get('/api/customers?limit=2&offset=10')).json() as CustomerListResponse;
    expect(first.customers.map((c) => c.firstName)).toEqual(['Ann', 'Back']);
    expect(second.customers.map((c) => c.firstName)).toEqual(['Percent', 'John']);
    expect(past.customers).toEqual([]);
    expect([first.total, second.total, past.total]).toEqual([5, 5, 5]);
    const filtered = (await get('/api/customers?q=example&limit=1')).json() as CustomerListResponse;
    expect(filtered.customers).toHaveLength(1);
    expect(filtered.total).toBe(4);
  });

  it('pages newest first by cursor, each customer once, with a capped count', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await get(`/api/customers?limit=2${query}`)).json() as CustomerListResponse;
      expect(page).toMatchObject({ total: FIXTURES.length, totalIsCapped: false });
      names.push(...page.customers.map((c) => c.firstName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(['Ann', 'Back', 'Percent', 'John', 'Jane']);
    const filtered = (await get('/api/customers?q=example&limit=3')).json() as CustomerListResponse;
    const rest = (
      await get(
        `/api/customers?q=example&limit=3&cursor=${encodeURIComponent(filtered.nextCursor!)}`,
      )
    ).json() as CustomerListResponse;
    expect(rest.customers.map((c) => c.firstName)).toEqual(['Jane']);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give out, or one sent with an offset, naming the field', async () => {
    const bad = await get('/api/customers?cursor=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('cursor');
    const first = (await get('/api/customers?limit=1')).json() as CustomerListResponse;
    const both = await get(
      `/api/customers?offset=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('offset');
  });

  it('matches the full name case-insensitively, first and last name joined by a space', async () => {
    expect(await search('JANE C')).toEqual(['Jane']);
    expect(await search('smi')).toEqual(['John']);
    expect(await search('janecitizen')).toEqual([]);
  });

  it('matches the full name ignoring accents, typed or stored (decision 92)', async () => {
    const added = await t.connection.db
      .insert(customers)
      .values([
        { firstName: 'Zoë', lastName: 'Ånström' },
        { firstName: 'Zoe', lastName: 'Bennett' },
        { firstName: 'Thi', lastName: 'Nguyễn' },
      ])
      .returning({ id: customers.id });
    const fullNames = async (q: string) => {
      const response = await get(`/api/customers?q=${encodeURIComponent(q)}&limit=200`);
      return (response.json() as CustomerListResponse).customers
        .map((c) => `${c.firstName} ${c.lastName}`)
        .sort();
    };
    try {
      expect(await fullNames('Zoe')).toEqual(['Zoe Bennett', 'Zoë Ånström']);
      expect(await fullNames('zoë')).toEqual(['Zoe Bennett', 'Zoë Ånström']);
      expect(await fullNames('zoe anstrom')).toEqual(['Zoë Ånström']);
      expect(await fullNames('Nguyen')).toEqual(['Thi Nguyễn']);
      const csv = await get(`/api/customers/export.csv?q=${encodeURIComponent('anstrom')}`);
      expect(csv.body).toContain('Ånström');
    } finally {
      const ids = added.map((row) => row.id);
      await t.connection.db.delete(customers).where(inArray(customers.id, ids));
    }
  });

  it('matches the email case-insensitively', async () => {
    expect(await search('jsmith@work')).toEqual(['John']);
    expect(await search('EXAMPLE.COM')).toEqual(['Ann', 'Percent', 'Jane']);
  });

  it('matches a phone substring case-sensitively', async () => {
    expect(await search('412345')).toEqual(['Jane']);
    expect(await search('EXT 5')).toEqual(['Back']);
    expect(await search('ext 9')).toEqual(['Ann']);
    expect(await search('ext')).toEqual(['Ann']);
  });

  it('matches a phone typed in any format: its digits, a leading 0 read as +61', async () => {
    expect(await search('0412 345')).toEqual(['Jane']);
    expect(await search('+61 412 345 678')).toEqual(['Jane']);
    expect(await search('(08) 9876')).toEqual(['John']);
    expect(await search('08 9221 1234')).toEqual(['Back']);
    expect(await search('0412')).toEqual(['Ann', 'Jane']);
    expect(await search('0499')).toEqual([]);
  });

  it('takes %, _ and \\ in the query literally', async () => {
    expect(await search('%')).toEqual(['Percent']);
    expect(await search('_')).toEqual(['Percent']);
    expect(await search('\\')).toEqual(['Back']);
    expect(await search('J%n')).toEqual([]);
    expect(containsPattern('5%_\\')).toBe('%5\\%\\_\\\\%');
  });

  it('matches everyone for a blank query', async () => {
    expect(await search('   ')).toHaveLength(FIXTURES.length);
  });

  it('refuses a page size outside 1 to 200, naming the field', async () => {
    const response = await get('/api/customers?limit=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('limit');
  });

  it('lets a dispatcher list customers, and refuses a driver', async () => {
    expect((await get('/api/customers', dispatcher)).statusCode).toBe(200);
    const driver = await t.createUser({ role: 'driver' });
    expect((await get('/api/customers', driver)).statusCode).toBe(403);
  });
});

describe('POST /api/customers', () => {
  it('creates a customer with a normalised phone and answers 201', async () => {
    const response = await send('POST', '/api/customers', {
      firstName: 'Mia',
      lastName: 'Wong',
      email: 'Mia.Wong@Example.net',
      phone: '0433 111 222',
      homeAddress: '12 Hay St, Perth WA 6000',
      preferredVehicleType: 'Imax 7',
      notes: 'Child seat',
      totalBookings: 40,
      totalSpent: 9999,
    });
    expect(response.statusCode).toBe(201);
    const { customer } = response.json() as { customer: Customer };
    expect(customer).toMatchObject({
      firstName: 'Mia',
      email: 'mia.wong@example.net',
      phone: '+61433111222',
      preferredVehicleType: 'Imax 7',
      totalBookings: 0,
      totalSpent: 0,
    });
  });

  it('stores a name without the bidirectional overrides that would show it as another', async () => {
    // 'Ali' then U+202E and 'nimda', which a list shows as 'Aliadmin'; the phone as a
    // chat app copies it, wrapped in U+202A ... U+202C.
    const response = await send('POST', '/api/customers', {
      firstName: 'Ali\u202Enimda',
      lastName: '\u2067Haddad\u2069',
      phone: '\u202A0433 999 111\u202C',
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as { customer: Customer }).customer).toMatchObject({
      firstName: 'Alinimda',
      lastName: 'Haddad',
      phone: '+61433999111',
    });
  });

  it('lets a dispatcher create a customer (phone bookings)', async () => {
    const response = await send('POST', '/api/customers', { firstName: 'Caller' }, dispatcher);
    expect(response.statusCode).toBe(201);
  });

  it('refuses a phone another customer has, naming them', async () => {
    const response = await send('POST', '/api/customers', {
      firstName: 'Someone',
      phone: '0412 345 678',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'conflict',
      message: 'A customer with this phone already exists: Jane Citizen.',
      fields: { phone: 'A customer with this phone already exists: Jane Citizen.' },
    });
  });

  it('refuses an email another customer has, in any case', async () => {
    const response = await send('POST', '/api/customers', {
      firstName: 'Someone',
      email: 'Jane.CITIZEN@example.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      email: 'A customer with this email already exists: Jane Citizen.',
    });
  });

  it('answers 400 naming the field for a missing first name or a bad phone or email', async () => {
    const empty = await send('POST', '/api/customers', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('firstName');
    const phone = await send('POST', '/api/customers', { firstName: 'X', phone: '123' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.message).toMatch(/^phone: /);
    const email = await send('POST', '/api/customers', { firstName: 'X', email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields).toHaveProperty('email');
  });

  it.each(['\u200B', ' \u00A0 ', '\uFEFF', '\u2060\u3164'])(
    'answers 400 naming firstName for a name of invisible characters (%j), and adds nothing',
    async (firstName) => {
      const before = (await t.connection.db.select().from(customers)).length;
      const response = await send('POST', '/api/customers', { firstName, phone: '0412 777 001' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ firstName: 'is required' });
      expect((await t.connection.db.select().from(customers)).length).toBe(before);
    },
  );

  it('stores names trimmed of invisible characters', async () => {
    const response = await send('POST', '/api/customers', {
      firstName: '\uFEFFAda',
      lastName: 'Zoë\u200B',
    });
    expect(response.statusCode).toBe(201);
    const { customer } = response.json() as { customer: Customer };
    expect([customer.firstName, customer.lastName]).toEqual(['Ada', 'Zoë']);
    const blankLast = await send('POST', '/api/customers', {
      firstName: 'Zoë',
      lastName: '\u200B',
    });
    expect((blankLast.json() as { customer: Customer }).customer.lastName).toBe('');
  });
});

describe('GET /api/customers/:id', () => {
  it('gives the customer, totals derived from bookings and the five latest bookings', async () => {
    const { customer } = (
      await send('POST', '/api/customers', { firstName: 'Leo', lastName: 'Park' })
    ).json() as { customer: Customer };
    const day = (n: number) => new Date(Date.UTC(2024, 2, n, 1));
    const draft = (n: number, status: string, fare: string): NewBooking => ({
      pickupTime: day(n),
      pickupLocation: `Pickup ${n}`,
      dropoffLocation: `Dropoff ${n}`,
      status,
      fareAmount: fare,
    });
    await insertBookings(
      t.connection.db,
      [
        draft(1, 'completed', '45.50'),
        draft(2, 'completed', '100.25'),
        draft(3, 'cancelled', '80.00'),
        draft(4, 'pending', '60.00'),
        draft(5, 'completed', '30.00'),
        draft(6, 'assigned', '55.00'),
        draft(7, 'cancelled', '70.00'),
      ],
      { kind: 'existing', id: customer.id },
      admin.id,
    );
    const response = await get(`/api/customers/${customer.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CustomerDetailResponse;
    expect(body.customer).toMatchObject({
      totalBookings: 5,
      totalSpent: 175.75,
      lastBookingDate: day(6).toISOString(),
    });
    expect(body.recentBookings.map((b) => b.pickupLocation)).toEqual([
      'Pickup 7',
      'Pickup 6',
      'Pickup 5',
      'Pickup 4',
      'Pickup 3',
    ]);
    expect(body.recentBookings[0]).toMatchObject({ status: 'cancelled', fareAmount: 70 });
    expect(body.recentBookings[0]!.reference).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('leaves bookings still to come out of the most recent, so past trips show', async () => {
    const { customer } = (
      await send('POST', '/api/customers', { firstName: 'Will', lastName: 'Ahead' })
    ).json() as { customer: Customer };
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * 3_600_000);
    await insertBookings(
      t.connection.db,
      [-48, -24, 24, 48, 72, 96, 120, 144].map((hours) => ({
        pickupTime: at(hours),
        pickupLocation: `In ${hours} hours`,
        dropoffLocation: 'Perth Airport T1',
        status: hours < 0 ? 'completed' : 'pending',
        fareAmount: '50.00',
      })),
      { kind: 'existing', id: customer.id },
      admin.id,
    );
    const body = (await get(`/api/customers/${customer.id}`)).json() as CustomerDetailResponse;
    expect(body.recentBookings.map((b) => b.pickupLocation)).toEqual([
      'In -24 hours',
      'In -48 hours',
    ]);
    expect(body.customer.nextBookingDate).toBe(at(24).toISOString());
  });

  it('gives the next pickup still to come, skipping cancelled ones, in the list and the profile', async () => {
    const { customer } = (
      await send('POST', '/api/customers', { firstName: 'Nina', lastName: 'Next' })
    ).json() as { customer: Customer };
    expect(customer.nextBookingDate).toBeNull();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    const soonest = inDays(3);
    await insertBookings(
      t.connection.db,
      [
        { pickupTime: inDays(1), status: 'cancelled' },
        { pickupTime: inDays(9), status: 'pending' },
        { pickupTime: soonest, status: 'assigned' },
        { pickupTime: inDays(-2), status: 'pending' },
      ].map((booking) => ({
        ...booking,
        pickupLocation: 'A',
        dropoffLocation: 'B',
      })),
      { kind: 'existing', id: customer.id },
      admin.id,
    );
    const profile = (await get(`/api/customers/${customer.id}`)).json() as CustomerDetailResponse;
    expect(profile.customer.nextBookingDate).toBe(soonest.toISOString());
    const [listed] = ((await get('/api/customers?q=Nina Next')).json() as CustomerListResponse)
      .customers;
    expect(listed?.nextBookingDate).toBe(soonest.toISOString());
  });

  it('takes a ride done before its booked time as the last booking, on creation and on refresh', async () => {
    const { customer } = (
      await send('POST', '/api/customers', { firstName: 'Ella', lastName: 'Early' })
    ).json() as { customer: Customer };
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const doneEarly = later(2);
    await insertBookings(
      t.connection.db,
      [
        // Picked up early and finished: it has taken place, whatever the booked time.
        { pickupTime: doneEarly, status: 'completed', fareAmount: '35.00' },
        { pickupTime: later(5), status: 'assigned', fareAmount: '50.00' },
        { pickupTime: later(6), status: 'cancelled', fareAmount: '20.00' },
      ].map((booking) => ({
        ...booking,
        pickupLocation: 'A',
        dropoffLocation: 'B',
      })),
      { kind: 'existing', id: customer.id },
      admin.id,
    );
    const created = (await get(`/api/customers/${customer.id}`)).json() as CustomerDetailResponse;
    expect(created.customer).toMatchObject({
      totalBookings: 2,
      totalSpent: 35,
      lastBookingDate: doneEarly.toISOString(),
    });
    await t.connection.db
      .update(customers)
      .set({ lastBookingDate: null })
      .where(eq(customers.id, customer.id));
    await refreshCustomerTotals(t.connection.db, [customer.id]);
    const refreshed = (await get(`/api/customers/${customer.id}`)).json() as CustomerDetailResponse;
    expect(refreshed.customer.lastBookingDate).toBe(doneEarly.toISOString());
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    expect((await get('/api/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/customers/abc')).statusCode).toBe(400);
  });
});

describe('PATCH /api/customers/:id', () => {
  async function idOf(firstName: string): Promise<string> {
    const body = (await get(`/api/customers?q=${firstName}`)).json() as CustomerListResponse;
    return body.customers[0]!.id;
  }

  it('changes the fields sent, saved addresses included, and never the totals', async () => {
    const id = await idOf('Ann');
    const response = await send('PATCH', `/api/customers/${id}`, {
      homeAddress: '1 Murray St, Perth WA 6000',
      savedAddresses: [{ label: 'Airport', address: 'Perth Airport T1' }],
      totalBookings: 12,
    });
    expect(response.statusCode).toBe(200);
    const { customer } = response.json() as { customer: Customer };
    expect(customer).toMatchObject({
      firstName: 'Ann',
      email: 'ann@example.com',
      homeAddress: '1 Murray St, Perth WA 6000',
      savedAddresses: [{ label: 'Airport', address: 'Perth Airport T1' }],
      totalBookings: 0,
    });
    const cleared = await send('PATCH', `/api/customers/${id}`, { homeAddress: '' });
    expect((cleared.json() as { customer: Customer }).customer.homeAddress).toBeNull();
  });

  it('lets a customer keep their own phone and email', async () => {
    const id = await idOf('Jane');
    const response = await send('PATCH', `/api/customers/${id}`, {
      phone: '0412 345 678',
      email: 'JANE.citizen@example.com',
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another customer's phone or email", async () => {
    const id = await idOf('John');
    const phone = await send('PATCH', `/api/customers/${id}`, { phone: '+61412345678' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().error.message).toBe(
      'A customer with this phone already exists: Jane Citizen.',
    );
    const email = await send('PATCH', `/api/customers/${id}`, { email: 'ann@example.com' });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.fields).toEqual({
      email: 'A customer with this email already exists: Ann Lee.',
    });
  });

  it('answers 400 naming the field, and 404 for an unknown customer', async () => {
    const id = await idOf('John');
    const bad = await send('PATCH', `/api/customers/${id}`, {
      savedAddresses: [{ label: '', address: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['savedAddresses.0.label']);
    const missing = await send('PATCH', '/api/customers/00000000-0000-4000-8000-000000000000', {
      notes: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses, on create and edit, a saved address label that repeats another's (400 naming it)", async () => {
    const home = { label: 'Home', address: '1 Hay St, Perth WA 6000' };
    const again = { label: ' HOME ', address: '9 Murray St, Perth WA 6000' };
    const created = await send('POST', '/api/customers', {
      firstName: 'Twice',
      savedAddresses: [home, again],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields).toEqual({
      'savedAddresses.1.label': '"HOME" is already the label of saved address 1',
    });
    expect(await search('Twice')).toEqual([]);
    const id = await idOf('John');
    const edited = await send('PATCH', `/api/customers/${id}`, {
      savedAddresses: [{ label: 'Work', address: '2 The Esplanade, Perth' }, home, again],
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields).toEqual({
      'savedAddresses.2.label': '"HOME" is already the label of saved address 2',
    });
    const { customer } = (await get(`/api/customers/${id}`)).json() as CustomerDetailResponse;
    expect(customer.savedAddresses.map((saved) => saved.label)).not.toContain('HOME');
  });

  it('is for admins only: a dispatcher gets 403', async () => {
    const id = await idOf('John');
    const response = await send('PATCH', `/api/customers/${id}`, { notes: 'x' }, dispatcher);
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/customers/export.csv', () => {
  it('downloads the filtered list as CSV with the spec columns', async () => {
    await t.connection.db.insert(customers).values({
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Formula',
      notes: '@SUM(A1)',
    });
    const response = await get('/api/customers/export.csv?q=formula');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const parsed = Papa.parse<string[]>(response.body.trim());
    expect(parsed.data).toEqual([
      [
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
      ],
      ['\'=HYPERLINK("http://evil")', 'Formula', '', '', '', '', '0', '0.00', '', "'@SUM(A1)"],
    ]);
  });

  it('writes phones as they are written in Australia, another country with its +, quoted (decision 207)', async () => {
    await t.connection.db.insert(customers).values([
      { firstName: 'Pia', lastName: 'Phonecsv', phone: '+61892211234' },
      { firstName: 'Quin', lastName: 'Phonecsv', phone: '+442079460958' },
    ]);
    const response = await get('/api/customers/export.csv?q=phonecsv');
    const phones = Papa.parse<string[]>(response.body.trim())
      .data.slice(1)
      .map((row) => row[3])
      .sort();
    expect(phones).toEqual(["'+442079460958", '(08) 9221 1234']);
  });

  it('formats totals and the last booking date, and filters with the search rule', async () => {
    const response = await get('/api/customers/export.csv?q=leo');
    const [, row] = Papa.parse<string[]>(response.body.trim()).data;
    expect(row).toEqual(['Leo', 'Park', '', '', '', '', '5', '175.75', 'Mar 6, 2024', '']);
    const all = await get('/api/customers/export.csv');
    expect(Papa.parse(all.body.trim()).data.length).toBeGreaterThan(FIXTURES.length);
  });

  it('is for admins only: a dispatcher gets 403', async () => {
    expect((await get('/api/customers/export.csv', dispatcher)).statusCode).toBe(403);
  });
});
