import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPermission, DEFAULT_ACCESS_TABLE } from '../../../domain/access';
import { DEFAULT_TARIFFS } from '../../../domain/fares';
import {
  DEFAULT_BUSINESS,
  DEFAULT_DISPATCH,
  DEFAULT_NOTIFICATIONS,
} from '../../../domain/settings';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createSettingsRepository } from './settings-repository';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
});
afterAll(() => t.close());

const send = (
  method: 'PUT' | 'PATCH' | 'POST',
  url: string,
  user: TestUser | string,
  payload: object = {},
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { origin: TEST_ORIGIN, cookie: typeof user === 'string' ? user : user.cookie },
  });
const get = (url: string, user?: TestUser | string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: user ? { cookie: typeof user === 'string' ? user : user.cookie } : {},
  });

describe('GET /api/settings', () => {
  it('gives the defaults on a fresh database', async () => {
    const response = await get('/api/settings', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      business: DEFAULT_BUSINESS,
      timeZone: 'Australia/Perth',
      tariffs: DEFAULT_TARIFFS,
      notifications: DEFAULT_NOTIFICATIONS,
      dispatch: DEFAULT_DISPATCH,
      accessTable: DEFAULT_ACCESS_TABLE,
      versions: {
        business: null,
        timeZone: null,
        tariffs: null,
        notifications: null,
        dispatch: null,
        accessTable: null,
      },
    });
  });

  it('is for the roles of the settings area only', async () => {
    expect((await get('/api/settings')).statusCode).toBe(401);
    expect((await get('/api/settings', dispatcher)).statusCode).toBe(403);
    expect(
      (await send('PUT', '/api/settings/time-zone', dispatcher, { timeZone: 'Australia/Sydney' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('editing settings', () => {
  it('saves the business details and refuses a Book Now target that is not a link', async () => {
    const business = {
      ...DEFAULT_BUSINESS,
      name: 'Swan River Cars',
      bookNowUrl: 'https://example.test/book',
    };
    const saved = await send('PUT', '/api/settings/business', admin, business);
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/public-settings')).json().business).toEqual(business);

    const refused = await send('PUT', '/api/settings/business', admin, {
      ...business,
      bookNowUrl: 'javascript:alert(1)',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('bookNowUrl');
  });

  it('saves an Australian time zone and refuses any other', async () => {
    const saved = await send('PUT', '/api/settings/time-zone', admin, {
      timeZone: 'Australia/Eucla',
    });
    expect(saved.json()).toEqual({ timeZone: 'Australia/Eucla' });
    expect((await get('/api/settings', admin)).json().timeZone).toBe('Australia/Eucla');
    const refused = await send('PUT', '/api/settings/time-zone', admin, {
      timeZone: 'Europe/London',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('timeZone');
  });

  it('prices quotes with a new tariff table at once, and refuses fractions of a cent', async () => {
    const tariffs = {
      ...DEFAULT_TARIFFS,
      'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 1200, minimumCents: 100 },
    };
    expect((await send('PUT', '/api/settings/tariffs', admin, tariffs)).statusCode).toBe(200);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { origin: TEST_ORIGIN },
      payload: {
        distanceMeters: 1000,
        durationSeconds: 60,
        vehicleType: 'Standard HUG',
        childSeats: false,
      },
    });
    expect(quote.json().baseRate).toBe(12);

    const refused = await send('PUT', '/api/settings/tariffs', admin, {
      ...tariffs,
      'Multivan 6': { ...DEFAULT_TARIFFS['Multivan 6'], perMinuteCents: 80.5 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^Multivan 6\.perMinuteCents/);
  });

  it('saves notification switches and recipients, refusing a bad address', async () => {
    const notifications = {
      newOnlineBooking: false,
      documentExpiring: true,
      driverSuspended: true,
      recipients: ['Owner@Example.test', 'owner@example.test', 'ops@example.test'],
    };
    const saved = await send('PUT', '/api/settings/notifications', admin, notifications);
    expect(saved.json()).toEqual({
      ...notifications,
      recipients: ['owner@example.test', 'ops@example.test'],
    });
    const refused = await send('PUT', '/api/settings/notifications', admin, {
      ...notifications,
      recipients: ['nope'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^recipients\.0/);
  });
});

describe('two admins saving one setting (decision 187)', () => {
  const withBase = (baseCents: number) => ({
    ...DEFAULT_TARIFFS,
    'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents },
  });

  it("refuses a save from a screen opened before another admin's, naming who and when, changing nothing", async () => {
    const other = await t.createUser({ role: 'admin', name: 'Mia Tran' });
    const opened = (await get('/api/settings', admin)).json().versions.dispatch;
    const first = await send('PUT', '/api/settings/dispatch', other, {
      ...DEFAULT_DISPATCH,
      noShowWaitMinutes: 12,
      expectedUpdatedAt: opened,
    });
    expect(first.statusCode, first.body).toBe(200);

    const stale = await send('PUT', '/api/settings/dispatch', admin, {
      ...DEFAULT_DISPATCH,
      acknowledgementTimeoutMinutes: 9,
      expectedUpdatedAt: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('changed_since');
    expect(stale.json().error.message).toMatch(
      /^The Dispatch setting was changed by Mia Tran at \d{1,2}:\d{2} [ap]m, after you opened it\. Reload to see the change, then make yours again\.$/,
    );
    const now = (await get('/api/settings', admin)).json();
    expect(now.dispatch.noShowWaitMinutes).toBe(12);
    expect(now.dispatch.acknowledgementTimeoutMinutes).toBe(
      DEFAULT_DISPATCH.acknowledgementTimeoutMinutes,
    );
    expect(now.versions.dispatch).not.toBe(opened);

    const fresh = await send('PUT', '/api/settings/dispatch', admin, {
      ...now.dispatch,
      acknowledgementTimeoutMinutes: 9,
      expectedUpdatedAt: now.versions.dispatch,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    await send('PUT', '/api/settings/dispatch', admin, DEFAULT_DISPATCH);
  });

  it('says a change of the fares was the admin themself in another window, and checks nothing without a version', async () => {
    const opened = (await get('/api/settings', admin)).json().versions.tariffs;
    const first = await send('PUT', '/api/settings/tariffs', admin, {
      ...withBase(600),
      expectedUpdatedAt: opened,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(withBase(600));
    const stale = await send('PUT', '/api/settings/tariffs', admin, {
      ...withBase(700),
      expectedUpdatedAt: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain(
      'The Fares setting was changed by you in another window at',
    );
    expect((await get('/api/settings', admin)).json().tariffs).toEqual(withBase(600));

    const unchecked = await send('PUT', '/api/settings/tariffs', admin, DEFAULT_TARIFFS);
    expect(unchecked.statusCode, unchecked.body).toBe(200);
  });

  it('refuses a version that is not a date and time, naming the field', async () => {
    const refused = await send('PUT', '/api/settings/business', admin, {
      ...DEFAULT_BUSINESS,
      expectedUpdatedAt: 'yesterday',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('expectedUpdatedAt');
  });
});

describe('a stored setting with a field that fails its schema (decision 151)', () => {
  // Saved before isBookNowTarget refused '//host' (another site to a browser).
  const stored = {
    name: 'Swan River Cars',
    phone: '+61 8 9200 1111',
    email: 'bookings@swanriver.example',
    bookNowUrl: '//evil.example/book',
  };

  it('keeps every valid field and gives the default for the bad one, on Settings and public pages', async () => {
    await t.app.settings.write('business', stored, null);
    const expected = { ...stored, bookNowUrl: DEFAULT_BUSINESS.bookNowUrl };
    expect((await get('/api/settings', admin)).json().business).toEqual(expected);
    expect((await get('/api/public-settings')).json().business).toEqual(expected);
    // The Settings screen saves the field back valid.
    const saved = await send('PUT', '/api/settings/business', admin, expected);
    expect(saved.json()).toEqual(expected);
  });

  it('warns once, naming the setting and the field, and not again from the cache', async () => {
    const warnings: { details: object; message: string }[] = [];
    const repository = createSettingsRepository(t.connection.db, {
      warn: (details, message) => warnings.push({ details, message }),
    });
    await repository.write('business', stored, null);
    await repository.write('dispatch', { ...DEFAULT_DISPATCH, noShowWaitMinutes: 0.5 }, null);
    expect(await repository.business()).toEqual({ ...stored, bookNowUrl: '/book' });
    expect(await repository.business()).toEqual({ ...stored, bookNowUrl: '/book' });
    expect(await repository.dispatch()).toEqual(DEFAULT_DISPATCH);
    expect(warnings).toEqual([
      {
        details: {
          setting: 'business',
          field: 'bookNowUrl',
          problem: 'must be a path or an http(s) URL',
        },
        message:
          "Stored setting 'business': bookNowUrl must be a path or an http(s) URL; its default is used until an admin saves it again",
      },
      expect.objectContaining({
        details: expect.objectContaining({ setting: 'dispatch', field: 'noShowWaitMinutes' }),
      }),
    ]);
  });
});

describe('PUT /api/settings/access-table', () => {
  it('refuses a table that takes the settings area from admin, naming the field', async () => {
    const response = await send('PUT', '/api/settings/access-table', admin, {
      ...DEFAULT_ACCESS_TABLE,
      settings: ['dispatcher'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('settings');
    expect((await get('/api/settings', admin)).json().accessTable).toEqual(DEFAULT_ACCESS_TABLE);
  });

  it('changes what the server allows at once', async () => {
    expect((await get('/api/settings', dispatcher)).statusCode).toBe(403);
    const granted = {
      ...DEFAULT_ACCESS_TABLE,
      settings: ['admin', 'dispatcher'],
      dispatch: ['admin', 'dispatcher'],
    };
    const response = await send('PUT', '/api/settings/access-table', admin, granted);
    expect(response.statusCode).toBe(200);
    expect((await get('/api/settings', dispatcher)).statusCode).toBe(200);
    // Admins now hold the dispatch area's permissions, e.g. bookings:write.
    const table = await t.app.settings.accessTable();
    expect(checkPermission('bookings:write', { signedIn: true, role: 'admin' }, table)).toBe(
      'allowed',
    );

    await send('PUT', '/api/settings/access-table', admin, DEFAULT_ACCESS_TABLE);
    expect((await get('/api/settings', dispatcher)).statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('gives any signed-in user their own name, email and role', async () => {
    const response = await get('/api/profile', dispatcher);
    expect(response.json()).toEqual({
      id: dispatcher.id,
      name: 'Test User',
      email: dispatcher.email,
      role: 'dispatcher',
    });
    expect((await get('/api/profile')).statusCode).toBe(401);
  });

  it('changes the display name without a password', async () => {
    const user = await t.createUser({ role: 'driver' });
    const response = await send('PATCH', '/api/profile', user, { name: 'Jo Driver' });
    expect(response.json().name).toBe('Jo Driver');
    expect((await get('/api/me', user)).json().user.name).toBe('Jo Driver');
  });

  it('needs the current password to change the email, and then signs in with the new one', async () => {
    const user = await t.createUser({ role: 'driver' });
    const missing = await send('PATCH', '/api/profile', user, { email: 'moved@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('currentPassword');

    const wrong = await send('PATCH', '/api/profile', user, {
      email: 'moved@example.test',
      currentPassword: 'nope nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('currentPassword');

    const taken = await send('PATCH', '/api/profile', user, {
      email: admin.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(409);

    const moved = await send('PATCH', '/api/profile', user, {
      email: 'Moved@Example.test',
      currentPassword: user.password,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe('moved@example.test');
    await expect(t.signIn('moved@example.test', user.password)).resolves.toContain('session_token');
  });

  it('changes the password, refusing a wrong current one, and can sign out other sessions', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const otherSession = await t.signIn(user.email, user.password);

    const wrong = await send('POST', '/api/profile/password', user, {
      currentPassword: 'not my password',
      newPassword: 'a new password',
      revokeOtherSessions: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'is not your current password' });

    const changed = await send('POST', '/api/profile/password', user, {
      currentPassword: user.password,
      newPassword: 'a new password',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    const newCookie = changed.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(newCookie).toContain('session_token');
    expect((await get('/api/me', otherSession)).statusCode).toBe(401);
    expect((await get('/api/me', newCookie)).statusCode).toBe(200);
    await expect(t.signIn(user.email, 'a new password')).resolves.toContain('session_token');
  });

  it('signs out every other session on request', async () => {
    const user = await t.createUser({ role: 'driver' });
    const otherSession = await t.signIn(user.email, user.password);
    const response = await send('POST', '/api/profile/sign-out-others', user);
    expect(response.statusCode).toBe(200);
    expect((await get('/api/me', otherSession)).statusCode).toBe(401);
    expect((await get('/api/me', user)).statusCode).toBe(200);
  });
});
