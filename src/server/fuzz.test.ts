import fc from 'fast-check';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../domain/access';
import * as schema from './db/schema';
import { customers } from './db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

// Malformed input against every documented route, as every kind of viewer:
// nothing may answer 5xx, and a refused request may change no data.
// Seeded: a failure names its request and reproduces with the same seed.

const SEED = 20_261_123;
/** About this many sampled requests, spread evenly over routes and viewers (at least 3 each). */
const REQUEST_BUDGET = 2000;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
};
type Parameter = { in: string; name: string; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};
type Viewer = { name: string; cookie?: string; email?: string; password?: string };
type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
};

/** better-auth's endpoints behind /api/auth/{*}, the ones a browser calls. */
const AUTH_ENDPOINTS = [
  'sign-in/email',
  'sign-up/email',
  'update-user',
  'change-password',
  'request-password-reset',
  'reset-password',
  'get-session',
  'list-sessions',
];

const deepJson = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/**
 * A well-formed email whose local part is 4,000 random letters (random, so
 * PostgreSQL cannot compress it): it once reached the sign-in failures'
 * index, which refused it with a 500.
 */
const LONG_EMAIL = (() => {
  let state = SEED;
  const letters = Array.from({ length: 4000 }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return String.fromCharCode(97 + (state % 26));
  });
  return `${letters.join('')}@example.test`;
})();

/** Text nobody should be able to store, or that parsers read loosely. */
const oddText = fc.oneof(
  // What PostgreSQL and JSON storage refuse, more often than the rest.
  fc.constantFrom('\u0000', 'Perth\u0000', '\ud800', 'Perth \udc00', '\ud83d'),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    '',
    ' ',
    '\t',
    '\r\n',
    '\u001b[31m',
    '\u0085',
    '\u202e',
    '%00',
    '%',
    '0x10',
    '1e999',
    '-0',
    'NaN',
    'Infinity',
    '-1',
    '99999999999999999999999',
    '1.5',
    ' 1',
    '../../etc/passwd',
    "'; drop table bookings; --",
    '<img src=x onerror=alert(1)>',
    '=HYPERLINK("http://x")',
    '2024-02-30T25:61:00Z',
    '2024-02-30',
    '2030-01-15T99:99:99Z_1',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(100_000),
    LONG_EMAIL,
  ),
  fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 12 }),
);

/** Text a person could type and every field must store and show back as typed. */
const storableText = fc.constantFrom(
  "O'Brien; drop table bookings; --",
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x")',
  'Perth 🏠 Tōkyō',
  '\u202eRTL',
  '1e999',
  '%00',
);

/** Any JSON value of the wrong kind for most fields. */
const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.constantFrom(
    -1,
    0,
    0.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    true,
    false,
    null,
    [],
    {},
    [[[]]],
    { $ne: null },
    { __proto__: { admin: true } },
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Values that pass the rules a field's name implies (phones, times, ids), to reach the database. */
function plausibleByName(name: string, ids: Ids): unknown {
  if (/phone/i.test(name)) return '0412 345 678';
  if (/email|^to$/i.test(name)) return 'fuzz@example.test';
  if (/time$|Times$|^date|Date$|^from$|^to$/.test(name)) {
    return new Date(Date.now() + 86_400_000).toISOString();
  }
  if (name === 'customerId') return ids.customer;
  if (name === 'driverId') return ids.driver;
  if (name === 'userId') return ids.user;
  if (/url$/i.test(name)) return '/book';
  if (name === 'code' || name === 'accountCode') return 'FUZZ-1';
  if (/lat$/i.test(name)) return -31.95;
  if (/lng$/i.test(name)) return 115.86;
  // Never the viewer's own password: the fuzz must not lock itself out.
  if (/password/i.test(name)) return 'not the password 123';
  return undefined;
}

/** A believable value for `schema`, so that one broken field is what gets tested. */
function plausible(schema: JsonSchema | undefined, ids: Ids, depth = 0, name = ''): unknown {
  if (!schema || depth > 6) return null;
  const byName = plausibleByName(name, ids);
  if (byName !== undefined) return byName;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice?.length) return plausible(choice[0], ids, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        out[key] = plausible(property, ids, depth + 1, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        plausible(schema.items, ids, depth + 1, name),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'uuid') return ids.booking;
      if (schema.format === 'email') return 'fuzz@example.test';
      return 'Perth Airport T1'.slice(0, Math.max(3, schema.minLength ?? 3) + 13);
    default:
      return null;
  }
}

/** Every JSON path of `value` a mutation may replace (the root included). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value))
    value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** Fields where a person types anything: odd but storable text must be taken there. */
const FREE_TEXT = /name|notes|location|address|label|subject|message|comment|colour|make|model/i;

function stringPathsOf(value: unknown, keys = FREE_TEXT): (string | number)[][] {
  const paths = pathsOf(value).filter((path) => {
    let item: unknown = value;
    for (const key of path) item = (item as Record<string | number, unknown>)[key];
    const key = String(path.at(-1) ?? '');
    return typeof item === 'string' && keys.test(key);
  });
  return paths.length > 0 ? paths : [[]];
}

/** Percent-encodes text, lone surrogates too (as the UTF-8 bytes a careless client sends). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
      .join('');
  }
}

type Ids = { booking: string; customer: string; user: string; driver: string };

function requestFor(operation: Operation, viewer: Viewer, ids: Ids): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const realId = operation.path.startsWith('/api/users')
    ? ids.user
    : operation.path.startsWith('/api/customers')
      ? ids.customer
      : operation.path.startsWith('/api/drivers') || operation.path.startsWith('/api/admin')
        ? ids.driver
        : ids.booking;
  const pathValue =
    operation.path === '/api/auth/{*}'
      ? fc.oneof(fc.constantFrom(...AUTH_ENDPOINTS), oddText)
      : fc.oneof(fc.constant(realId), oddText);
  const queryValue = fc.oneof(
    oddText,
    fc.array(oddText, { minLength: 2, maxLength: 2 }),
    fc.constantFrom('1', '10', '-31.95', '115.86', 'pending', 'Perth'),
  );
  const template = plausible(operation.body, ids);
  const body: fc.Arbitrary<string | undefined> = operation.body
    ? fc.oneof(
        {
          weight: 2,
          arbitrary: fc
            .constantFrom(...stringPathsOf(template))
            .chain((path) =>
              storableText.map((odd) => JSON.stringify(replaceAt(template, path, odd))),
            ),
        },
        {
          weight: 5,
          arbitrary: fc
            .constantFrom(...pathsOf(template))
            .chain((path) => oddJson.map((odd) => JSON.stringify(replaceAt(template, path, odd)))),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(deepJson(10_000), deepJson(40), '{', '"x"', 'null', ''),
        },
      )
    : operation.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(fc.constant(undefined), fc.constant('{}'), fc.constant(deepJson(10_000)));
  const contentType = fc.oneof(
    {
      weight: 12,
      arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    },
  );
  return fc
    .record({
      path: fc.tuple(...pathParameters.map(() => pathValue)),
      query: fc
        .subarray(queryParameters)
        .chain((chosen) =>
          fc.tuple(...chosen.map((p) => queryValue.map((v) => [p.name, v] as const))),
        ),
      body,
      contentType,
      idempotencyKey: fc.option(oddText, { nil: undefined }),
      address: fc.nat(250),
    })
    .map((parts) => toRequest(operation, viewer, parts));
}

type RequestParts = {
  path: unknown[];
  query: (readonly [string, string | string[]])[];
  body: string | undefined;
  contentType: string;
  idempotencyKey: string | undefined;
  address: number;
};

function toRequest(operation: Operation, viewer: Viewer, parts: RequestParts): FuzzRequest {
  const { path, query, body: payload, contentType: type, idempotencyKey, address } = parts;
  let url = operation.path;
  operation.parameters
    .filter((p) => p.in === 'path')
    .forEach((parameter, index) => {
      const value = String(path[index]);
      const spelled =
        parameter.name === '*' ? value.split('/').map(encode).join('/') : encode(value);
      url = url.replace(`{${parameter.name}}`, spelled);
    });
  const search = query
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${name}=${encode(item)}`),
    )
    .join('&');
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (viewer.cookie) headers.cookie = viewer.cookie;
  if (payload !== undefined) headers['content-type'] = type;
  if (idempotencyKey !== undefined && /^[\t\x20-\x7e]*$/.test(idempotencyKey)) {
    headers['idempotency-key'] = idempotencyKey;
  }
  return {
    method: operation.method,
    url: search ? `${url}?${search}` : url,
    headers,
    payload,
    // Not the address the helpers sign in from, so the per-IP limits
    // the fuzz runs into do not stop the viewers from signing back in.
    remoteAddress: `203.0.113.${address + 1}`,
  };
}

const EDGE_DATES = ['9999-12-31', '0001-01-01', '9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00Z'];

/**
 * Besides the sampled ones, each text field of each route (path and query
 * parameters, body strings) gets a NUL and an unpaired surrogate on its own,
 * the rest of the request left believable, so no field is left untried by
 * chance and no other field's error answers first.
 */
function everyFieldRequests(operation: Operation, viewer: Viewer, ids: Ids): FuzzRequest[] {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const template = plausible(operation.body, ids);
  const plainPath = pathParameters.map((p) =>
    p.name === '*'
      ? AUTH_ENDPOINTS[0]!
      : operation.path.startsWith('/api/users')
        ? ids.user
        : ids.booking,
  );
  const plain = {
    path: plainPath,
    query: [] as RequestParts['query'],
    body: operation.body ? JSON.stringify(template) : undefined,
    contentType: 'application/json',
    idempotencyKey: undefined,
    address: 0,
  };
  const variants: RequestParts[] = [];
  for (const text of ['Perth\u0000', 'Perth \ud800']) {
    pathParameters.forEach((_, index) =>
      variants.push({ ...plain, path: plainPath.map((value, i) => (i === index ? text : value)) }),
    );
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      variants.push({ ...plain, query: [[parameter.name, text]] });
    }
    for (const path of operation.body ? stringPathsOf(template, /./) : []) {
      if (path.length === 0) continue;
      variants.push({ ...plain, body: JSON.stringify(replaceAt(template, path, text)) });
    }
  }
  for (const path of operation.body ? stringPathsOf(template, /email/i) : []) {
    if (path.length === 0) continue;
    variants.push({ ...plain, body: JSON.stringify(replaceAt(template, path, LONG_EMAIL)) });
  }
  // The calendar's edges, in every field: a day after 9999-12-31 is no date the
  // database keeps (a Jobs filter to 9999-12-31 answered 500).
  for (const date of EDGE_DATES) {
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      variants.push({ ...plain, query: [[parameter.name, date]] });
    }
    for (const path of operation.body ? stringPathsOf(template, /./) : []) {
      if (path.length === 0) continue;
      variants.push({ ...plain, body: JSON.stringify(replaceAt(template, path, date)) });
    }
  }
  return variants.map((parts) => toRequest(operation, viewer, parts));
}

let t: TestApp;
let operations: Operation[] = [];
const viewers: Viewer[] = [];
let ids: Ids;

/**
 * Tables a refused request changes by design, or that change on a timer
 * whatever the requests: every other table of the schema is checked.
 */
const UNCHECKED_TABLES: Record<string, string> = {
  rate_limits: 'every request counts against its limit, the refused ones too',
  sign_in_failures: 'a refused sign-in (401) is recorded: that is the per-account limit',
  mail_outbox: 'the failure that locks an account (still a 401) mails the admins',
  scheduled_runs: 'the scheduled jobs claim their periods on a timer',
};

/** What a refused request must not change: every table in the schema but the ones above. */
const CHECKED_TABLES = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .filter((name) => !(name in UNCHECKED_TABLES))
  .sort();
let snapshotQuery = '';

async function snapshot(): Promise<string> {
  const result = await t.connection.db.execute(sql.raw(snapshotQuery));
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return JSON.stringify(rows[0]);
}

beforeAll(async () => {
  t = await createTestApp();
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json().paths as Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );

  viewers.push({ name: 'anonymous' });
  for (const role of [...ROLES, null]) {
    const password = 'correct horse battery';
    const user = await t.createUser({ role, password });
    viewers.push({ name: role ?? 'no-role', cookie: user.cookie, email: user.email, password });
  }
  const victim = await t.createUser({ role: null });
  accessTable = (await t.app.settings.accessTable()) as unknown;
  const [customer] = await t.connection.db
    .insert(customers)
    .values({ firstName: 'Fuzz', lastName: 'Target' })
    .returning({ id: customers.id });
  const dispatcher = viewers.find((viewer) => viewer.name === 'dispatcher')!;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie! },
    payload: {
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Crown Towers Perth',
      pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  const driverRows = (await t.connection.db.execute(
    sql`select id from drivers limit 1`,
  )) as unknown as {
    rows: { id: string }[];
  };
  ids = {
    booking: created.json().bookings[0].id,
    customer: customer!.id,
    user: victim.id,
    driver: driverRows.rows[0]?.id ?? '00000000-0000-4000-8000-000000000000',
  };

  const existing = (await t.connection.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: { table_name: string }[] };
  const present = new Set(existing.rows.map((row) => row.table_name));
  // Every table of the schema exists once migrated: none is left out unseen.
  expect(CHECKED_TABLES.filter((table) => !present.has(table))).toEqual([]);
  expect(Object.keys(UNCHECKED_TABLES).filter((table) => !present.has(table))).toEqual([]);
  expect(CHECKED_TABLES).toEqual(
    expect.arrayContaining(['driver_shifts', 'business_documents', 'imports', 'users']),
  );
  snapshotQuery = `select ${CHECKED_TABLES.map(
    (table) =>
      `(select count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') from "${table}" t) as "${table}"`,
  ).join(', ')}`;
}, 120_000);
afterAll(() => t.close());

let accessTable: unknown;
let signIns = 0;

/** Signs a viewer back in, each time from another address so per-IP limits do not refuse it. */
async function signInAgain(viewer: Viewer): Promise<string> {
  signIns += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email: viewer.email, password: viewer.password },
    remoteAddress: `198.51.100.${signIns}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * Undoes what an accepted request did to the fuzz's own footing, so later
 * requests still run as the viewer they claim: a sign-out ends the session,
 * a new access table could lock every role out.
 */
async function restoreAfter(operation: Operation, viewer: Viewer): Promise<void> {
  if (viewer.cookie && operation.path.startsWith('/api/auth')) {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: viewer.cookie },
    });
    if (me.statusCode !== 200) viewer.cookie = await signInAgain(viewer);
  }
  if (operation.path === '/api/settings/access-table') {
    const admin = viewers.find((candidate) => candidate.name === 'admin')!;
    const restored = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/access-table',
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie! },
      payload: accessTable as object,
    });
    expect(restored.statusCode).toBe(200);
  }
}

describe('malformed requests to every documented route, as every viewer', () => {
  it('never answer 5xx, and a refused request changes no data', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const serverErrors: string[] = [];
    const changedByRefused: string[] = [];
    let changedByAccepted = 0;
    let tried = 0;
    let refused = 0;
    let before = await snapshot();
    const runsPerCell = Math.max(
      3,
      Math.floor(REQUEST_BUDGET / (operations.length * viewers.length)),
    );

    for (const [operationIndex, operation] of operations.entries()) {
      for (const [viewerIndex, viewer] of viewers.entries()) {
        const requests = [
          // Every field on its own, as the two roles that reach the most routes.
          ...(viewer.name === 'admin' || viewer.name === 'dispatcher'
            ? everyFieldRequests(operation, viewer, ids)
            : []),
          ...fc.sample(requestFor(operation, viewer, ids), {
            seed: SEED + operationIndex * 31 + viewerIndex,
            numRuns: runsPerCell,
          }),
        ];
        for (const request of requests) {
          tried += 1;
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            payload: request.payload,
            remoteAddress: request.remoteAddress,
            payloadAsStream: true,
          });
          const stream = response.stream();
          if (String(response.headers['content-type']).startsWith('text/event-stream')) {
            stream.destroy();
          } else {
            for await (const chunk of stream) void chunk;
          }
          const label = `${request.method} ${request.url.slice(0, 200)} as ${viewer.name} (body ${String(request.payload).slice(0, 120)})`;
          if (response.statusCode >= 500) serverErrors.push(`${response.statusCode} ${label}`);

          const after = await snapshot();
          if (response.statusCode >= 400 && response.statusCode < 500) {
            refused += 1;
            if (after !== before) changedByRefused.push(`${response.statusCode} ${label}`);
          } else if (after !== before) {
            changedByAccepted += 1;
          }
          before = after;

          if (response.statusCode < 400) {
            // Signing a viewer back in writes a session: not the request's doing.
            await restoreAfter(operation, viewer);
            before = await snapshot();
          }
        }
      }
    }

    console.log(
      `fuzz: ${tried} requests over ${operations.length} routes × ${viewers.length} viewers; ` +
        `${serverErrors.length} answered 5xx; ${refused} refused (4xx), ` +
        `${changedByRefused.length} of them changed data (accepted requests that did: ${changedByAccepted})`,
    );
    expect(serverErrors).toEqual([]);
    expect(changedByRefused).toEqual([]);
    // The snapshot sees writes: some well-formed enough requests got through and wrote.
    expect(changedByAccepted).toBeGreaterThan(0);
  }, 240_000);
});
