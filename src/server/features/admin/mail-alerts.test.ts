import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAlert } from '../../../domain/admin';
import { mailOutbox } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(() => t.close());

async function mailAlerts(): Promise<DashboardAlert[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().alerts as DashboardAlert[]).filter(
    (alert) => alert.kind === 'mail-unsent',
  );
}

describe('the dashboard alert for mail nobody received (decision 209)', () => {
  it('counts the held mails and the failed ones, each leading to Admin → Mail, and is gone when all are sent', async () => {
    expect(await mailAlerts()).toEqual([]);
    const mail = { to: 'new.driver@example.test', subject: 'You are invited', text: 'Link' };
    await t.connection.db
      .insert(mailOutbox)
      .values([
        mail,
        mail,
        { ...mail, error: 'Connection refused' },
        { ...mail, sentAt: new Date() },
      ]);
    expect(await mailAlerts()).toEqual([
      {
        kind: 'mail-unsent',
        message:
          '2 mails held in Admin → Mail: no mail server is set up, so invitations and reminders are not sent.',
        href: '/admin/mail',
      },
      {
        kind: 'mail-unsent',
        message: '1 mail could not be sent: see why in Admin → Mail.',
        href: '/admin/mail',
      },
    ]);
  });
});
