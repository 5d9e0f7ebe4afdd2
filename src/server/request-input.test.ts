import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, signInFailures, users } from './db/schema';
import { serializeError } from './plugins/errors';
import { authInputSchema, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './plugins/request-input';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from './test/test-app';
import { ONLINE_TRIP } from './test/online-trip';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let customerId: string;
let bookingId: string;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

function onlineBooking(overrides: Record<string, unknown> = {}) {
  return {
    ...ONLINE_TRIP,
    pickupTime: tomorrow(),
    numPassengers: 2,
    vehicleType: 'Standard HUG',
    passengerName: 'Harriet Quinn',
    phone: '0412 345 678',
    notes: 'Flight QF 583',
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  const [customer] = await t.connection.db
    .insert(customers)
    .values({ firstName: 'Ada', lastName: 'Byron' })
    .returning({ id: customers.id });
  customerId = customer!.id;
  const created = await send(
    'POST',
    '/api/bookings',
    {
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Crown Towers Perth',
      pickupTime: tomorrow(),
    },
    dispatcher,
  );
  expect(created.statusCode, created.body).toBe(201);
  bookingId = created.json().bookings[0].id;
});
afterAll(() => t.close());

function get(url: string, user: TestUser | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

function send(
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: unknown,
  user: TestUser | null = admin,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    payload:
      typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      ...(user ? { cookie: user.cookie } : {}),
      ...headers,
    },
  });
}

/** Lower-case letters from a seeded generator: text PostgreSQL cannot compress. */
function seededLetters(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return String.fromCharCode(97 + (state % 26));
  };
}

/** A 400 in our error format whose message and fields name `field`. */
function expectRefused(
  response: Awaited<ReturnType<typeof get>>,
  field: string,
  problem = /control characters|unpaired surrogates/,
) {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json();
  expect(error.code).toBe('invalid_input');
  expect(error.message.startsWith(`${field}: `), error.message).toBe(true);
  expect(error.fields?.[field]).toMatch(problem);
}

describe('text with a NUL byte or another control character', () => {
  it.each([
    ['/api/bookings?q=%00'],
    ['/api/customers?q=a%00b'],
    ['/api/customers/export.csv?q=%00'],
    ['/api/bookings?q=%1B%5B31m'],
    ['/api/customers?q=%C2%85'],
  ])('GET %s is a 400 naming q', async (url) => {
    expectRefused(await get(url), 'q');
  });

  it('refuses notes with a NUL on the anonymous online booking form', async () => {
    expectRefused(
      await send('POST', '/api/online-bookings', onlineBooking({ notes: 'gate 3\u0000' }), null),
      'notes',
    );
  });

  it('keeps tab and newline, and carriage returns in notes', async () => {
    const response = await send(
      'POST',
      '/api/online-bookings',
      onlineBooking({ notes: 'Flight QF 583\r\n\tGate 3' }),
      null,
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a carriage return in a one-line field', async () => {
    expectRefused(
      await send('PATCH', `/api/customers/${customerId}`, { firstName: 'Ada\rX' }),
      'firstName',
    );
  });

  it('answers PATCH /api/users/%00 with a 400 naming the id', async () => {
    expectRefused(await send('PATCH', '/api/users/%00', { role: 'driver' }), 'id');
  });

  it('names a bad object key by where it sits', async () => {
    const response = await send(
      'PATCH',
      `/api/bookings/${bookingId}`,
      { 'no\u0000tes': 'x' },
      dispatcher,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/field name that must not contain control/);
  });
});

describe('an unpaired UTF-16 surrogate in text stored as JSON', () => {
  it('is refused in a saved address', async () => {
    expectRefused(
      await send('PATCH', `/api/customers/${customerId}`, {
        savedAddresses: [{ label: 'Home\ud800', address: '1 Hay St, Perth' }],
      }),
      'savedAddresses.0.label',
    );
  });

  it('is refused in a booking edit (kept in its history)', async () => {
    expectRefused(
      await send('PATCH', `/api/bookings/${bookingId}`, { notes: 'x\udc00y' }, dispatcher),
      'notes',
    );
  });

  it('is refused in the business settings', async () => {
    expectRefused(
      await send('PUT', '/api/settings/business', {
        name: 'Perth \ud83d Cars',
        phone: '',
        email: '',
        bookNowUrl: '/book',
      }),
      'name',
    );
  });

  it('is refused when sent as a JSON escape too', async () => {
    expectRefused(
      await send(
        'PATCH',
        `/api/customers/${customerId}`,
        '{"savedAddresses":[{"label":"Home","address":"\\udfff"}]}',
      ),
      'savedAddresses.0.address',
    );
  });

  it('keeps a correctly paired emoji', async () => {
    const response = await send('PATCH', `/api/customers/${customerId}`, {
      savedAddresses: [{ label: 'Home 🏠', address: '1 Hay St, Perth' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().customer.savedAddresses[0].label).toBe('Home 🏠');
  });
});

describe('JSON bodies', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it('counts nesting, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}\\"["}`, MAX_JSON_DEPTH)).toBe(false);
  });

  it.each([
    ['/api/auth/sign-in/email', null],
    ['/api/auth/sign-up/email', null],
    ['/api/online-bookings', null],
    ['/api/bookings', 'dispatcher'],
  ])('refuses 10,000 levels of nesting on %s with a 400', async (url, who) => {
    for (const body of [deep(10_000), deepObject(10_000)]) {
      const response = await send('POST', url, body, who ? dispatcher : null);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toMatch(/nests more than 32 levels/);
    }
  });

  it('refuses a charset other than UTF-8 with a 415', async () => {
    const response = await send('POST', '/api/online-bookings', onlineBooking(), null, {
      'content-type': 'application/json; charset=latin1',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'unsupported_media_type' });
    expect(response.json().error.message).toMatch(/UTF-8/);
  });

  it('takes charset=utf-8 in any spelling', async () => {
    const response = await send('POST', '/api/online-bookings', onlineBooking(), null, {
      'content-type': 'application/json; Charset="UTF8"',
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers a body of another type with a 415 naming what the route takes', async () => {
    for (const [type, body] of [
      ['text/plain', '{"email":"a@example.test","password":"whatever1"}'],
      ['application/x-www-form-urlencoded', 'email=a%40example.test&password=whatever1'],
      ['application/xml', '<sign-in/>'],
    ] as const) {
      for (const url of ['/api/auth/sign-in/email', '/api/quotes']) {
        const response = await send('POST', url, body, null, { 'content-type': type });
        expect(response.statusCode, `${type} to ${url}`).toBe(415);
        expect(response.json().error).toEqual({
          code: 'unsupported_media_type',
          message: `Send the body as application/json, not ${type}.`,
        });
      }
    }
    // An upload takes multipart/form-data, and says so.
    const upload = await send('POST', '/api/documents', 'a file', admin, {
      'content-type': 'text/plain',
    });
    expect(upload.statusCode).toBe(415);
    expect(upload.json().error.message).toBe(
      'Send the body as multipart/form-data, not text/plain.',
    );
  });

  it('refuses bytes that are not UTF-8', async () => {
    const body = Buffer.concat([
      Buffer.from('{"q":"'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}'),
    ]);
    const response = await send('POST', '/api/bookings', body, dispatcher);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body is not valid UTF-8.');
  });
});

describe("the sign-in library's own endpoints", () => {
  it('refuses a 1,000,000-character name at sign-up, naming the field, and stores nothing', async () => {
    const [before] = await t.connection.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await send(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'x'.repeat(1_000_000), email: 'huge@example.test', password: 'correct horse' },
      null,
    );
    expectRefused(response, 'name', /at most 120|<=120/);
    const [after] = await t.connection.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a NUL in the sign-up email and an overlong email', async () => {
    expectRefused(
      await send(
        'POST',
        '/api/auth/sign-up/email',
        { name: 'Nul', email: 'a\u0000@example.test', password: 'correct horse' },
        null,
      ),
      'email',
    );
    const long = await send(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Long', email: `${'a'.repeat(300)}@example.test`, password: 'correct horse' },
      null,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('email');
  });

  it('refuses a 1,000,000-character name on update-user', async () => {
    const response = await send('POST', '/api/auth/update-user', { name: 'y'.repeat(1_000_000) });
    expectRefused(response, 'name', /at most 120|<=120/);
    const me = await get('/api/me');
    expect(me.json().user.name).toBe('Test User');
  });

  it('refuses a 4,000-character email at sign-in with a 400 naming it, recording no failure', async () => {
    // Random letters, so that PostgreSQL cannot compress the index entry:
    // this email once reached the sign-in failures' btree index and failed
    // there (54000), a 500.
    const random = seededLetters(4711);
    const email = `${Array.from({ length: 4000 }, random).join('')}@example.test`;
    const [before] = await t.connection.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInFailures);
    const response = await send(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: 'not the password' },
      null,
    );
    expectRefused(response, 'email', /valid email|at most 254|<=254/);
    const [after] = await t.connection.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInFailures);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses an overlong password at sign-in, and an overlong email on a reset request', async () => {
    expectRefused(
      await send(
        'POST',
        '/api/auth/sign-in/email',
        { email: admin.email, password: 'p'.repeat(129) },
        null,
      ),
      'password',
      /at most 128|<=128/,
    );
    expectRefused(
      await send(
        'POST',
        '/api/auth/request-password-reset',
        { email: `${'r'.repeat(300)}@example.test`, redirectTo: '/reset-password' },
        null,
      ),
      'email',
      /valid email|at most 254|<=254/,
    );
    expectRefused(
      await send('POST', '/api/auth/reset-password', {
        newPassword: 'a new password',
        token: 't'.repeat(4000),
      }),
      'token',
      /at most 500|<=500/,
    );
    expectRefused(
      await send('POST', '/api/auth/change-email', {
        newEmail: `${'c'.repeat(4000)}@example.test`,
      }),
      'newEmail',
      /valid email|at most 254|<=254/,
    );
  });

  it('has limits for every endpoint of the installed better-auth that takes a body', () => {
    const endpoints = Object.values(t.app.auth.api) as unknown as {
      path?: string;
      options?: { body?: unknown; metadata?: { SERVER_ONLY?: boolean } };
    }[];
    const withBody = endpoints.filter(
      (endpoint) =>
        endpoint.path && endpoint.options?.body && !endpoint.options.metadata?.SERVER_ONLY,
    );
    expect(withBody.length).toBeGreaterThan(10);
    const unlimited = withBody
      .map((endpoint) => endpoint.path!.slice(1))
      .filter((path) => authInputSchema(path) === undefined);
    expect(unlimited).toEqual([]);
  });

  it('still signs up a reasonable name', async () => {
    const response = await send(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Grace Hopper', email: 'grace@example.test', password: 'correct horse' },
      null,
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('an overlong email where an index would refuse it', () => {
  it('is a 400 naming the field for a customer and a booking, and stores nothing', async () => {
    const random = seededLetters(20_261_123);
    const email = `${Array.from({ length: 4000 }, random).join('')}@example.test`;
    const count = async () =>
      (await t.connection.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;
    const before = await count();
    expectRefused(
      await send('POST', '/api/customers', { firstName: 'Long', email }, dispatcher),
      'email',
      /valid email|at most 254|<=254/,
    );
    const booking = await send(
      'POST',
      '/api/bookings',
      {
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Crown Towers Perth',
        pickupTime: tomorrow(),
        passengerName: 'Long Email',
        email,
      },
      dispatcher,
    );
    expect(booking.statusCode, booking.body).toBe(400);
    expect(JSON.stringify(booking.json().error.fields)).toContain('email');
    expect(await count()).toBe(before);
  });
});

describe('numbers in query strings', () => {
  it.each([
    ['/api/drivers/nearest?lat=&lng=115.86', 'lat'],
    ['/api/drivers/nearest?lat=0x1F&lng=115.86', 'lat'],
    ['/api/drivers/nearest?lat=-31.95&lng=1e2', 'lng'],
    ['/api/drivers/nearest?lat=-31.95&lng=Infinity', 'lng'],
    ['/api/drivers/nearest?lat=-31.95&lng=115.86&radiusKm=%205', 'radiusKm'],
    ['/api/bookings?limit=0x10', 'limit'],
    ['/api/bookings?limit=', 'limit'],
    ['/api/bookings?offset=1e3', 'offset'],
    ['/api/bookings?offset=99999999999999999999', 'offset'],
    ['/api/customers?limit=16.0.1', 'limit'],
    ['/api/customers?offset=-0x1', 'offset'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const response = await get(url, dispatcher);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('takes plain decimals', async () => {
    expect((await get('/api/drivers/nearest?lat=-31.95&lng=115.86', dispatcher)).statusCode).toBe(
      200,
    );
    expect((await get('/api/bookings?limit=16&offset=0', dispatcher)).statusCode).toBe(200);
  });
});

describe('errors answered before our routes', () => {
  it('answers a broken %-escape in the path in our format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bookings/%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'The address is not valid: it has a broken %-escape.',
      },
    });
  });

  it('answers an overlong path segment in our format', async () => {
    // The router gives up on a segment over 500 characters: no route matches it.
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(600)}` });
    expect([404, 414]).toContain(response.statusCode);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(response.json().error.code).toMatch(/^(not_found|uri_too_long)$/);
  });

  describe('on a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    function raw(request: string | Buffer): Promise<{ status: number; body: unknown }> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head = '', body = ''] = text.split('\r\n\r\n');
          const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
          let parsed: unknown = body;
          try {
            parsed = JSON.parse(body);
          } catch {
            // left as text: the assertion shows it
          }
          resolve({ status, body: parsed });
        });
        socket.end(request);
      });
    }

    it('answers a 20 kB address with a 414', async () => {
      const answer = await raw(
        `GET /api/customers?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(answer).toEqual({
        status: 414,
        body: { error: { code: 'uri_too_long', message: 'The address is too long.' } },
      });
    });

    it('answers 20 kB of headers with a 431', async () => {
      const answer = await raw(
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      );
      expect(answer).toEqual({
        status: 431,
        body: {
          error: { code: 'headers_too_large', message: 'The request headers are too large.' },
        },
      });
    });

    it('answers raw bytes that are not HTTP with a 400', async () => {
      const answer = await raw(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a]));
      expect(answer).toEqual({
        status: 400,
        body: { error: { code: 'bad_request', message: 'The request is not valid HTTP.' } },
      });
    });

    it('answers a control byte in a header with a 400', async () => {
      const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'bad_request' } });
    });
  });
});

describe('logging a failed query', () => {
  it('leaves out the parameters and the quoted value', async () => {
    let failure: unknown;
    try {
      await t.connection.db.execute(
        sql`select ${'secret-input-4711'}::uuid as id, ${'another-secret'}::text as x`,
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain('secret-input-4711');
    const logged = JSON.stringify(serializeError(failure));
    expect(logged).not.toContain('secret-input-4711');
    expect(logged).not.toContain('another-secret');
    expect(logged).toContain('Failed query: select $1::uuid');
    expect(logged).toContain('22P02');
  });
});
