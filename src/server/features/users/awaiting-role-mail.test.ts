import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, scheduledRuns, users } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
const admins: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admins.push(
    await t.createUser({ role: 'admin', email: 'first.admin@example.test' }),
    await t.createUser({ role: 'admin', email: 'second.admin@example.test' }),
  );
});
afterAll(() => t.close());

let signUps = 0;
/** Signs up through the route, each from its own address (sign-up allows 10 a minute per address). */
async function signUp(name: string) {
  signUps += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: `198.51.100.${signUps}`,
    payload: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
      password: 'a good password',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The "waiting for a role" mails each admin has had, oldest first. */
async function waitingMails() {
  const rows = await t.connection.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(like(mailOutbox.subject, '%for a role'), like(mailOutbox.to, '%.admin@%')))
    .orderBy(mailOutbox.createdAt);
  return admins.map((admin) => rows.filter((row) => row.to === admin.email));
}

const job = () => t.app.scheduledJobs.find((candidate) => candidate.name === 'mail-awaiting-role')!;

describe('mail to the admins about accounts waiting for a role', () => {
  it('goes to every admin at once at the first sign-up, naming the account', async () => {
    await signUp('Wendy Waiting');
    for (const mails of await waitingMails()) {
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Wendy Waiting signed up and waits for a role',
      ]);
      expect(mails[0]!.text).toContain('wendy.waiting@example.test');
      expect(mails[0]!.text).toContain('/settings/users');
    }
  });

  it('is not sent again within the hour, however many sign up', async () => {
    for (let index = 1; index <= 10; index += 1) await signUp(`Flood ${index}`);
    await job().run(t.connection.db);
    for (const mails of await waitingMails()) expect(mails).toHaveLength(1);
  });

  it('sends the held-back sign-ups as one digest once the hour is over, naming how many wait', async () => {
    // The hour since the last mail is over.
    await t.connection.db
      .update(scheduledRuns)
      .set({ lastStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(scheduledRuns.name, 'mail:awaiting-role'));
    await job().run(t.connection.db);
    for (const mails of await waitingMails()) {
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Wendy Waiting signed up and waits for a role',
        '11 accounts wait for a role',
      ]);
      expect(mails[1]!.text).toContain('11 accounts wait for a role');
      expect(mails[1]!.text).toContain('flood.10@example.test');
    }
    // Another hour on with nobody new since: no mail, though they still wait.
    await t.connection.db
      .update(users)
      .set({ createdAt: sql`${users.createdAt} - interval '2 hours'` });
    await t.connection.db
      .update(scheduledRuns)
      .set({ lastStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(scheduledRuns.name, 'mail:awaiting-role'));
    await job().run(t.connection.db);
    for (const mails of await waitingMails()) expect(mails).toHaveLength(2);
  });

  it('leaves the dashboard alert live for every account waiting', async () => {
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: admins[0]!.cookie },
    });
    expect(dashboard.statusCode).toBe(200);
    const alerts = (dashboard.json().alerts as { kind: string; message: string }[]).filter(
      (alert) => alert.kind === 'awaiting-role',
    );
    expect(alerts[0]?.message).toBe(
      'Wendy Waiting (wendy.waiting@example.test) signed up and is waiting for a role.',
    );
    expect(dashboard.json().alertCount).toBeGreaterThanOrEqual(11);
  });
});
