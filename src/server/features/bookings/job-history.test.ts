import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let driver: TestUser;

const DAY_MS = 86_400_000;
const base = Date.parse('2026-02-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, driver] = await Promise.all([
    t.createUser({ role: 'dispatcher' }),
    t.createUser({ role: 'driver' }),
  ]);
  // 1,003 completed jobs (two at the same minute, so the id breaks the tie)
  // and a pending one that Job History never shows.
  const rows = Array.from({ length: 1003 }, (_, index) => ({
    reference: `HIST${String(index).padStart(4, '0')}`,
    pickupTime: new Date(base - Math.min(index, 1001) * DAY_MS),
    pickupLocation: index % 2 === 0 ? 'Perth Airport' : 'Fremantle',
    dropoffLocation: 'Perth CBD',
    passengerName: index === 7 ? 'Harriet Quill' : 'Passenger',
    phone: index === 7 ? '+61437137529' : '',
    status: 'completed',
  }));
  await t.connection.db.insert(bookings).values(rows);
  await t.connection.db.insert(bookings).values({
    reference: 'HISTPEND',
    pickupTime: new Date(base + DAY_MS),
    pickupLocation: 'Perth Airport',
    dropoffLocation: 'Perth CBD',
    status: 'pending',
  });
});
afterAll(() => t.close());

function get(url: string, user: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

type Page = {
  bookings: { reference: string; pickupTime: string; status: string }[];
  nextCursor: string | null;
  total: number;
  totalIsCapped: boolean;
};

describe('Job History', () => {
  it('pages through every completed job newest first, each once, with a capped count', async () => {
    const seen: Page['bookings'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const response = await get(`/api/job-history?limit=100${query}`, dispatcher);
      expect(response.statusCode).toBe(200);
      const page = response.json<Page>();
      if (pages === 0) expect(page).toMatchObject({ total: 1000, totalIsCapped: true });
      seen.push(...page.bookings);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(11);
    expect(seen).toHaveLength(1003);
    expect(new Set(seen.map((job) => job.reference)).size).toBe(1003);
    expect(seen.every((job) => job.status === 'completed')).toBe(true);
    const times = seen.map((job) => Date.parse(job.pickupTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen[0]!.reference).toBe('HIST0000');
  });

  it('searches passenger, places and reference, with an exact count under the cap', async () => {
    const byName = (await get('/api/job-history?q=harriet', dispatcher)).json<Page>();
    expect(byName.bookings.map((job) => job.reference)).toEqual(['HIST0007']);
    expect(byName).toMatchObject({ total: 1, totalIsCapped: false, nextCursor: null });

    const byPlace = (await get('/api/job-history?q=fremantle&limit=5', dispatcher)).json<Page>();
    expect(byPlace.bookings.map((job) => job.reference)).toEqual([
      'HIST0001',
      'HIST0003',
      'HIST0005',
      'HIST0007',
      'HIST0009',
    ]);
    expect(byPlace).toMatchObject({ total: 501, totalIsCapped: false });
    expect(byPlace.nextCursor).not.toBeNull();
  });

  it('finds a name or place without its accents, as Jobs and Search do (decision 92)', async () => {
    const [added] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'HISTACC',
        pickupTime: new Date(base - 2 * DAY_MS),
        pickupLocation: 'Café Bonjour, Perth',
        dropoffLocation: 'Perth CBD',
        passengerName: 'Thi Nguyễn',
        status: 'completed',
      })
      .returning({ id: bookings.id });
    try {
      for (const q of ['nguyen', 'NGUYỄN', 'cafe bonjour']) {
        const page = (
          await get(`/api/job-history?q=${encodeURIComponent(q)}`, dispatcher)
        ).json<Page>();
        expect(
          page.bookings.map((job) => job.reference),
          q,
        ).toEqual(['HISTACC']);
      }
    } finally {
      await t.connection.db.delete(bookings).where(eq(bookings.id, added!.id));
    }
  });

  it('finds a phone however it is written, as Jobs and Search do', async () => {
    for (const q of ['0437 137 529', '0437137529', '+61 437 137 529', '437 137']) {
      const page = (
        await get(`/api/job-history?q=${encodeURIComponent(q)}`, dispatcher)
      ).json<Page>();
      expect(
        page.bookings.map((job) => job.reference),
        q,
      ).toEqual(['HIST0007']);
    }
  });

  it('refuses a cursor it did not give out, naming the field', async () => {
    for (const cursor of ['yesterday', '2026-13-01T00:00:00.000Z~not-a-uuid']) {
      const response = await get(
        `/api/job-history?cursor=${encodeURIComponent(cursor)}`,
        dispatcher,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('cursor');
    }
  });

  it('is a dispatcher tool: a driver may not read every completed job', async () => {
    const response = await get('/api/job-history', driver);
    expect(response.statusCode).toBe(403);
  });
});
