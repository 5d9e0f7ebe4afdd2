import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentSearch, SearchGroup, SearchResponse } from '../../../domain/search';
import { bookings, customers, drivers, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { matcherOf } from './search-matching';
import { customersStatement, jobsStatement } from './search-repository';

let t: TestApp;
let dispatcher: TestUser;
let otherDispatcher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  otherDispatcher = await t.createUser({ role: 'dispatcher' });
  const db = t.connection.db;
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1SRCH99',
      seats: 4,
    })
    .returning();
  await db.insert(drivers).values([
    { firstName: 'Priya', lastName: 'Plate', phone: '0499 888 777', vehicleId: vehicle!.id },
    // Shares Priya's car, on the night shift: on shift now.
    {
      firstName: 'Nate',
      lastName: 'Nightly',
      phone: '0499 888 111',
      status: 'active',
      vehicleId: vehicle!.id,
    },
    {
      firstName: 'Gone',
      lastName: 'Driver',
      phone: '0499 888 000',
      deactivatedAt: new Date(),
      vehicleId: vehicle!.id,
    },
  ]);
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: 'Margaret',
      lastName: 'Whitfield',
      phone: '+61412345678',
      email: 'mw@example.com',
    })
    .returning();
  await db.insert(bookings).values([
    {
      reference: 'SRCH01',
      customerId: customer!.id,
      pickupTime: new Date(),
      pickupLocation: 'Elizabeth Quay, Perth',
      dropoffLocation: 'Perth Airport T3',
      passengerName: 'Margaret Whitfield',
      phone: '+61412345678',
      notes: 'Flight QF583',
    },
    {
      reference: 'SRCH02',
      pickupTime: new Date(),
      pickupLocation: 'Elizabeth Quay, Perth',
      dropoffLocation: 'Kings Park',
      passengerName: 'Tom Local',
      phone: '0893334444',
    },
  ]);
});
afterAll(() => t.close());

function call(method: 'GET' | 'DELETE', url: string, user: TestUser | null = dispatcher) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
  });
}
/**
 * The plan PostgreSQL picks when reading a whole table is made as dear as it
 * can be: only an index that fits the condition keeps 'Seq Scan' out of it.
 */
async function planWithoutTableScans(query: SQL): Promise<string> {
  return t.connection.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows
      .map((row) => Object.values(row).join(''))
      .join('\n');
  });
}
async function search(q: string, user = dispatcher): Promise<SearchResponse> {
  const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/search', () => {
  it('refuses drivers and visitors who are not signed in', async () => {
    const driver = await t.createUser({ role: 'driver' });
    expect((await call('GET', '/api/search?q=x', driver)).statusCode).toBe(403);
    expect((await call('GET', '/api/search?q=x', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/search/recent', null)).statusCode).toBe(401);
  });

  it('finds a customer and their jobs by a local phone when stored in E.164', async () => {
    const answer = await search('0412 345 678');
    expect(answer.groups.customers.hits.map((hit) => hit.title)).toEqual(['Margaret Whitfield']);
    expect(answer.groups.jobs.count).toBe(1);
    // Shown as the lists show it, not as stored.
    expect(answer.groups.jobs.hits[0]!.matched).toBe('0412 345 678');
    expect(answer.groups.customers.hits[0]!.subtitle).toContain('0412 345 678');
  });

  it('finds a number stored locally when typed in international form', async () => {
    const answer = await search('+61 8 9333 4444');
    expect(answer.groups.jobs.hits.map((hit) => hit.title)).toEqual(['#SRCH02 Tom Local']);
    const driver = await search('+61499888777');
    expect(driver.groups.drivers.hits.map((hit) => hit.title)).toEqual(['Priya Plate']);
  });

  it('finds a vehicle by plate, ignoring case, spaces and hyphens, and says who drives it', async () => {
    for (const q of ['1srch 99', '1SRCH-99', 'srch9']) {
      const answer = await search(q);
      // The drivers, the one on shift first; a deactivated one is left out.
      expect(answer.groups.vehicles, q).toEqual({
        count: 1,
        hits: [
          {
            id: expect.any(String),
            title: '1SRCH99',
            subtitle:
              'Standard HUG · Toyota Camry · Driven by Nate Nightly (on shift), Priya Plate',
            matched: '1SRCH99',
          },
        ],
      });
      // Sharing the car is not a match of their names.
      expect(answer.groups.drivers.count, q).toBe(0);
    }
  });

  it('says a vehicle at the workshop or without a driver, and leaves out a deactivated one', async () => {
    await t.connection.db.insert(vehicles).values(
      (['in-service', 'inactive'] as const).map((status, index) => ({
        type: 'Multivan 6' as const,
        make: 'Volkswagen',
        model: 'Multivan',
        registration: `1WKS 0${index + 1}`,
        seats: 6,
        status,
      })),
    );
    expect((await search('1wks')).groups.vehicles.hits).toMatchObject([
      {
        title: '1WKS 01',
        subtitle: 'Multivan 6 · Volkswagen Multivan · At the workshop · No driver',
      },
    ]);
  });

  it('finds drivers by name and phone, and leaves out deactivated drivers', async () => {
    expect((await search('Nightly')).groups.drivers.hits).toMatchObject([
      { title: 'Nate Nightly', subtitle: '0499 888 111 · 1SRCH99 · active' },
    ]);
    expect((await search('0499 888 111')).groups.drivers.hits).toMatchObject([
      { title: 'Nate Nightly', matched: '0499 888 111' },
    ]);
    expect((await search('0499 888 000')).groups.drivers.count).toBe(0);
  });

  it('groups jobs (reference, notes), customers (email) and locations with counts', async () => {
    expect((await search('srch01')).groups.jobs.hits[0]).toMatchObject({ matched: 'SRCH01' });
    expect((await search('QF583')).groups.jobs.count).toBe(1);
    expect((await search('mw@example')).groups.customers.count).toBe(1);
    const places = await search('elizabeth quay');
    expect(places.groups.locations).toMatchObject({
      count: 1,
      hits: [{ title: 'Elizabeth Quay, Perth', subtitle: '2 bookings' }],
    });
  });

  it("counts a place once whether or not its address ends in ', Australia', and says '1 booking'", async () => {
    await t.connection.db.insert(bookings).values([
      {
        reference: 'SRCH03',
        pickupTime: new Date(),
        pickupLocation: 'Matagarup Bridge, Burswood WA 6100, Australia',
        dropoffLocation: 'Matagarup Bridge, Burswood WA 6100',
      },
      {
        reference: 'SRCH04',
        pickupTime: new Date(),
        pickupLocation: 'Lone Pine Lookout, Kalamunda WA 6076',
        dropoffLocation: 'Kings Park',
      },
    ]);
    expect((await search('matagarup')).groups.locations).toMatchObject({
      count: 1,
      hits: [{ title: 'Matagarup Bridge, Burswood WA 6100', subtitle: '2 bookings' }],
    });
    expect((await search('lone pine')).groups.locations.hits).toMatchObject([
      { subtitle: '1 booking' },
    ]);
  });

  it("dates and times a job by the business's clock: 1 am in Perth is the day before in UTC", async () => {
    await t.connection.db.insert(bookings).values({
      reference: 'SRCH05',
      // 25 Nov 2026, 1:00 am in Perth (UTC+8).
      pickupTime: new Date('2026-11-24T17:00:00Z'),
      pickupLocation: 'Crown Towers Perth',
      dropoffLocation: 'Perth Airport T1',
      passengerName: 'Early Riser',
    });
    const [hit] = (await search('SRCH05')).groups.jobs.hits;
    expect(hit!.subtitle).toBe('Nov 25, 2026, 1:00 am · pending · Crown Towers Perth');
  });

  it("lists a shuttle run's stops, which share a pickup time, in their order", async () => {
    const runId = '5a5a5a5a-0000-4000-8000-000000000002';
    const pickupTime = new Date('2026-11-24T23:00:00Z');
    // Ids that sort against the stops' order.
    await t.connection.db.insert(bookings).values(
      [0, 1, 2, 3].map((sequence) => ({
        id: `5a5a5a5a-0000-4000-8000-00000000020${9 - sequence}`,
        reference: `SRUN0${sequence}`,
        pickupTime,
        pickupLocation: `Stop ${sequence}, Perth`,
        dropoffLocation: 'Perth Convention and Exhibition Centre',
        passengerName: 'Conference Shuttle',
        shuttleRunId: runId,
        shuttleSequence: sequence,
      })),
    );
    const answer = await search('Conference Shuttle');
    expect(answer.groups.jobs.hits.map((hit) => hit.title)).toEqual(
      [0, 1, 2, 3].map((sequence) => `#SRUN0${sequence} Conference Shuttle`),
    );
  });

  it('tolerates a typo in a name (pg_trgm)', async () => {
    const answer = await search('Whitfeld');
    expect(answer.groups.customers.hits.map((hit) => hit.title)).toContain('Margaret Whitfield');
  });

  it("tolerates a typo in a job's passenger name (pg_trgm)", async () => {
    const answer = await search('Whitfeld');
    expect(answer.groups.jobs.hits.map((hit) => hit.title)).toEqual(['#SRCH01 Margaret Whitfield']);
  });

  it('finds names by several words, in any order and with a typo in one', async () => {
    for (const q of ['Whitfield Margaret', 'Margret Whitfeld']) {
      const answer = await search(q);
      expect(
        answer.groups.customers.hits.map((hit) => hit.title),
        q,
      ).toEqual(['Margaret Whitfield']);
      expect(
        answer.groups.jobs.hits.map((hit) => hit.title),
        q,
      ).toEqual(['#SRCH01 Margaret Whitfield']);
    }
    expect((await search('Plate Priya')).groups.drivers.hits.map((hit) => hit.title)).toEqual([
      'Priya Plate',
    ]);
    // Every word must match: a second name that is nobody's finds nothing.
    expect((await search('Margaret Zebedee')).groups.customers.count).toBe(0);
  });

  it('treats % and _ as plain characters', async () => {
    const answer = await search('%');
    expect(answer.groups.jobs.count + answer.groups.customers.count).toBe(0);
  });

  it('answers an empty query with a 400 naming q', async () => {
    const response = await call('GET', '/api/search?q=%20');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('q');
  });
});

describe('search ignores accents (decision 92)', () => {
  const hour = 3_600_000;
  beforeAll(async () => {
    const db = t.connection.db;
    await db.insert(customers).values([
      { firstName: 'Zoë', lastName: 'Ånström', phone: '+61400111001' },
      { firstName: 'Zoe', lastName: 'Bennett', phone: '+61400111002' },
      { firstName: 'Thi', lastName: 'Nguyễn', phone: '+61400111003' },
    ]);
    const job = (reference: string, passengerName: string, hours: number, more: object = {}) => ({
      reference,
      pickupTime: new Date(Date.now() + hours * hour),
      pickupLocation: 'Kings Park',
      dropoffLocation: 'Perth Airport T1',
      passengerName,
      ...more,
    });
    await db
      .insert(bookings)
      .values([
        job('ACNT01', 'Zoë Ånström', 0, { pickupLocation: 'Café Bonjour, 12 Hay St, Perth' }),
        job('ACNT02', 'Thi Nguyễn', 0, { notes: 'Meet at the Crêperie' }),
        job('ACNT03', 'Zoe Bennett', 1),
        job('ACNT04', 'Van Nguyen', -1),
      ]);
  });
  const titles = (group: SearchGroup) => group.hits.map((hit) => hit.title);

  it("finds 'Zoë Ånström' by 'Zoe', and shows the name with its accents", async () => {
    const answer = await search('Zoe');
    expect(titles(answer.groups.customers).sort()).toEqual(['Zoe Bennett', 'Zoë Ånström']);
    expect(answer.groups.jobs.hits).toMatchObject([
      { title: '#ACNT03 Zoe Bennett' },
      { title: '#ACNT01 Zoë Ånström', matched: 'Zoë Ånström' },
    ]);
    const whole = await search('zoe anstrom');
    expect(titles(whole.groups.customers)).toEqual(['Zoë Ånström']);
    expect(titles(whole.groups.jobs)).toEqual(['#ACNT01 Zoë Ånström']);
  });

  // Ranked as matches (newest first among equals), not as typos after the exact spelling.
  it("finds 'Zoe' by 'zoë' and 'Nguyễn' by 'Nguyen' as matches, not typos", async () => {
    const zoe = await search('zoë');
    expect(titles(zoe.groups.customers).sort()).toEqual(['Zoe Bennett', 'Zoë Ånström']);
    expect(titles(zoe.groups.jobs)).toEqual(['#ACNT03 Zoe Bennett', '#ACNT01 Zoë Ånström']);
    const nguyen = await search('Nguyen');
    expect(titles(nguyen.groups.customers)).toEqual(['Thi Nguyễn']);
    expect(titles(nguyen.groups.jobs)).toEqual(['#ACNT02 Thi Nguyễn', '#ACNT04 Van Nguyen']);
  });

  it('forgives a typo in a name without its accents (pg_trgm)', async () => {
    for (const q of ['Anstrm', 'Zoë Anstrm']) {
      const answer = await search(q);
      expect(titles(answer.groups.customers), q).toEqual(['Zoë Ånström']);
      expect(titles(answer.groups.jobs), q).toEqual(['#ACNT01 Zoë Ånström']);
    }
    expect(titles((await search('Nguyn')).groups.customers)).toEqual(['Thi Nguyễn']);
  });

  it("finds the place 'Café Bonjour' by 'cafe', and a job by its notes", async () => {
    expect((await search('cafe bonjour')).groups.locations.hits).toMatchObject([
      { title: 'Café Bonjour, 12 Hay St, Perth', subtitle: '1 booking' },
    ]);
    expect((await search('creperie')).groups.jobs.hits).toMatchObject([
      { title: '#ACNT02 Thi Nguyễn', matched: 'Meet at the Crêperie' },
    ]);
  });
});

describe('search on many matches (docs/performance.md)', () => {
  it('looks for typos only when the text as typed finds fewer than a page, and ranks exact matches first', async () => {
    const soon = Date.now() + 86_400_000;
    await t.connection.db.insert(bookings).values([
      ...Array.from({ length: 10 }, (_, index) => ({
        reference: `SHRP${String(index).padStart(2, '0')}`,
        pickupTime: new Date(soon + index * 60_000),
        pickupLocation: `${index} Sharp St, Perth`,
        dropoffLocation: 'Perth Airport T1',
        passengerName: `Quentin Sharples`,
        phone: '0400000001',
      })),
      {
        reference: 'SHRP99',
        // The newest: ranked by closeness, not time, it still comes after the exact name.
        pickupTime: new Date(soon + 3_600_000),
        pickupLocation: '99 Sharp St, Perth',
        dropoffLocation: 'Perth Airport T1',
        passengerName: 'Quentin Sharpels',
        phone: '0400000002',
      },
    ]);
    // Ten as typed: the near name is neither counted nor shown.
    const exact = await search('Sharples');
    expect(exact.groups.jobs.count).toBe(10);
    expect(exact.groups.jobs.hits.map((hit) => hit.title)).not.toContain(
      '#SHRP99 Quentin Sharpels',
    );
    // One as typed: the near names are found too, after it.
    const typo = await search('Sharpels');
    expect(typo.groups.jobs.hits[0]!.title).toBe('#SHRP99 Quentin Sharpels');
    expect(typo.groups.jobs.count).toBe(11);
  });
});

describe('a name typed whole (decision 151)', () => {
  const day = 86_400_000;
  const job = (reference: string, passengerName: string, daysAgo: number) => ({
    reference,
    pickupTime: new Date(Date.now() - daysAgo * day),
    pickupLocation: '1 Hay St, Perth',
    dropoffLocation: 'Perth Airport T1',
    passengerName,
  });
  beforeAll(async () => {
    const db = t.connection.db;
    // A dozen similar names, 45 bookings each, all newer than the two exact
    // 'Zoë's: 540 matches, more than the newest ranked. The names containing
    // 'Zoe' are the newest, the names starting with it next.
    const similar = [
      ...['Chloë Zoellner', 'Mia Zoe', 'Anna Zoë-Park', 'Lou Zoel', 'Kim Azoev', 'Ray Zoeller'],
      ...['Zoë Smith', 'Zoe Brown', 'Zoë Tan', 'Zoey Adams', 'Zoe Li', 'Zoé Martin'],
    ];
    await db
      .insert(bookings)
      .values(
        similar.flatMap((name, index) =>
          Array.from({ length: 45 }, (_, copy) =>
            job(`WHL${String(index * 45 + copy).padStart(3, '0')}`, name, 1 + index + copy / 100),
          ),
        ),
      );
    await db.insert(bookings).values([job('WHLZ01', 'Zoë', 400), job('WHLZ02', 'zoe', 500)]);
    await db.insert(customers).values([
      { firstName: 'Mia', lastName: 'Zoe', phone: '+61400222001' },
      { firstName: 'Zoë', lastName: 'Zwart', phone: '+61400222002' },
      { firstName: 'Zoë', phone: '+61400222003' },
    ]);
  });

  it('ranks the exact name first, accents aside, then names starting with it, then the rest', async () => {
    const answer = await search('Zoë');
    const jobs = answer.groups.jobs.hits.map((hit) => hit.title);
    expect(jobs.slice(0, 2)).toEqual(['#WHLZ01 Zoë', '#WHLZ02 zoe']);
    // The eight after them start with the name, newer names containing it notwithstanding.
    expect(
      jobs.slice(2).every((title) => /^#\w+ Zo[eëé]/.test(title)),
      jobs.join(),
    ).toBe(true);
    expect(jobs).toHaveLength(10);
    const customerNames = answer.groups.customers.hits.map((hit) => hit.title.trim());
    expect(customerNames.indexOf('Zoë')).toBe(0);
    expect(customerNames.indexOf('Zoë Zwart')).toBeLessThan(customerNames.indexOf('Mia Zoe'));
  });

  it('asks the trigram and prefix indexes, reading no table whole', async () => {
    for (const q of ['Zoë', 'zoe smith']) {
      const m = matcherOf(q, true);
      const jobsPlan = await planWithoutTableScans(jobsStatement(m));
      expect(jobsPlan).toContain('bookings_passenger_name_folded_trgm_idx');
      expect(jobsPlan).not.toMatch(/Seq Scan/);
      const customersPlan = await planWithoutTableScans(customersStatement(m));
      expect(customersPlan).toContain('customers_name_folded_trgm_idx');
      expect(customersPlan).not.toMatch(/Seq Scan/);
      // Names starting with the query, as a range of the prefix index (migration 0028),
      // not by rechecking every row that holds its trigrams.
      expect(jobsPlan).toContain('bookings_passenger_name_folded_prefix_idx');
      expect(jobsPlan).toMatch(/Index Cond: .*passenger_name\)\) ~>=~ 'zo/);
      expect(customersPlan).toContain('customers_name_folded_prefix_idx');
      expect(customersPlan).toMatch(/Index Cond: .*last_name\)\)\) ~>=~ 'zo/);
    }
  });

  it('folds by the unaccent entry point itself, inlined in the indexes and the query (migration 0030)', async () => {
    const plan = await planWithoutTableScans(jobsStatement(matcherOf('Zoë', true)));
    // The planner inlines search_fold: no SQL-function call for each name compared.
    expect(plan).toContain('search_unaccent(');
    expect(plan).not.toContain('search_fold(');
    expect(plan).toContain('bookings_passenger_name_folded_trgm_idx');
    const { rows } = (await t.connection.db.execute(
      sql`select search_fold('Zoë Nguyễn') as folded`,
    )) as unknown as { rows: { folded: string }[] };
    expect(rows[0]!.folded).toBe('Zoe Nguyen');
  });
});

describe('recent searches', () => {
  it("keeps each user's own last 10, newest first, without repeats, and removes one", async () => {
    const mine = await t.createUser({ role: 'dispatcher' });
    for (let index = 1; index <= 12; index += 1) await search(`term ${index}`, mine);
    await search('term 5', mine);
    await search('someone else', otherDispatcher);
    const recent = await call('GET', '/api/search/recent', mine);
    const searches: RecentSearch[] = recent.json().searches;
    expect(searches.map((item) => item.query)).toEqual([
      'term 5',
      'term 12',
      'term 11',
      'term 10',
      'term 9',
      'term 8',
      'term 7',
      'term 6',
      'term 4',
      'term 3',
    ]);
    const removed = await call('DELETE', `/api/search/recent/${searches[0]!.id}`, mine);
    expect(removed.statusCode).toBe(204);
    const after = (await call('GET', '/api/search/recent', mine)).json().searches;
    expect(after.map((item: RecentSearch) => item.query)).not.toContain('term 5');
    // Another user's entry cannot be removed.
    const theirs = (await call('GET', '/api/search/recent', otherDispatcher)).json().searches[0];
    expect((await call('DELETE', `/api/search/recent/${theirs.id}`, mine)).statusCode).toBe(404);
  });

  it('lets neither drivers nor visitors remove a recent search', async () => {
    const theirs: RecentSearch = (await call('GET', '/api/search/recent', otherDispatcher)).json()
      .searches[0];
    const driver = await t.createUser({ role: 'driver' });
    const url = `/api/search/recent/${theirs.id}`;
    expect((await call('DELETE', url, driver)).statusCode).toBe(403);
    expect((await call('DELETE', url, null)).statusCode).toBe(401);
    const after = (await call('GET', '/api/search/recent', otherDispatcher)).json().searches;
    expect(after.map((item: RecentSearch) => item.id)).toContain(theirs.id);
  });
});
