import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { setDisabled } from './users-repository';
import { createResetLink } from './reset-link';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a reset link made at the console (npm run reset-link)', () => {
  it('lets a lone admin without a mail server choose a new password and sign in', async () => {
    const admin = await t.createUser({ role: 'admin', email: 'owner@example.test' });
    const link = await createResetLink(t.app, ' Owner@Example.test ');
    expect(link).toMatch(/^http:\/\/\S+\/api\/auth\/reset-password\//);

    const url = new URL(link!);
    const follow = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toMatch(/\/reset-password\?token=/);
    const token = new URL(follow.headers.location!, TEST_ORIGIN).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'a new start for me', token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const cookie = await t.signIn(admin.email, 'a new start for me');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('admin');
  });

  it('makes none for an address nobody has, or a disabled user', async () => {
    expect(await createResetLink(t.app, 'nobody@example.test')).toBeNull();
    const gone = await t.createUser({ role: 'dispatcher', email: 'gone@example.test' });
    await setDisabled(t.connection.db, gone.id, true);
    expect(await createResetLink(t.app, gone.email)).toBeNull();
  });
});
