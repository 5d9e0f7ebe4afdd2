import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  RequiredDocumentTypeSchema,
} from '../../../../domain/documents';
import { DEFAULT_TARIFFS } from '../../../../domain/fares';
import { InviteUserInputSchema, type StaffUser } from '../../../../domain/users';
import {
  BusinessSettingsSchema,
  ChangePasswordInputSchema,
  DEFAULT_DISPATCH,
  EDITED_SETTING_NAMES,
  UpdateProfileInputSchema,
  type EditedSetting,
  type SettingsResponse,
} from '../../../../domain/settings';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';
import { savedAsSent, SETTINGS } from '../../../test/settings-fixtures';
import { DOCUMENT_REQUIREMENTS_KEY } from '../api/get-document-requirements';

const USERS: StaffUser[] = [
  {
    id: 'user-1',
    name: 'Sam Taylor',
    email: 'admin@demo.test',
    role: 'admin',
    disabled: false,
    createdAt: '2026-01-05T00:00:00.000Z',
    lastSignInAt: '2026-03-09T00:00:00.000Z',
    recentFailedSignIns: 0,
    lockedUntil: null,
  },
  {
    id: 'user-2',
    name: 'Dee Spatch',
    email: 'dispatcher@demo.test',
    role: 'dispatcher',
    disabled: false,
    createdAt: '2026-01-06T00:00:00.000Z',
    lastSignInAt: null,
    recentFailedSignIns: 52,
    lockedUntil: '2026-03-09T00:01:12.000Z',
  },
  {
    id: 'user-3',
    name: 'Nora Newcomer',
    email: 'nora@example.test',
    role: null,
    disabled: false,
    createdAt: '2026-03-08T00:00:00.000Z',
    lastSignInAt: null,
    recentFailedSignIns: 0,
    lockedUntil: null,
  },
];

/** When the required documents were last saved, as the section opened them. */
const OPENED = '2026-03-01T00:00:00.000Z';

const PROFILE = { id: 'user-1', name: 'Sam Taylor', email: 'admin@demo.test', role: 'admin' };

async function openSettings(path: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/settings': () => jsonResponse(200, SETTINGS),
    'GET /api/users': () => jsonResponse(200, { users: USERS }),
    ...handlers,
  });
  const view = renderApp([path]);
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
  return { ...view, fetchMock };
}

function bodiesSentTo(
  fetchMock: Awaited<ReturnType<typeof openSettings>>['fetchMock'],
  method: string,
  path: string,
) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === `/api${path}` && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('settings', { timeout: 30_000 }, () => {
  it('has the side menu of sections and opens Profile Settings by default', async () => {
    await openSettings('/settings');
    const menu = screen.getByRole('navigation', { name: 'Settings sections' });
    for (const label of [
      'Profile Settings',
      'Notifications',
      'Security',
      'Regional Settings',
      'Fares',
      'Business',
      'Dispatch',
      'Required Documents',
      'Users & Roles',
    ]) {
      expect(within(menu).getByRole('link', { name: label })).toBeVisible();
    }
  });

  it('shows the tariffs in dollars and saves them in cents', async () => {
    const { user, fetchMock } = await openSettings('/settings/fares', {
      'PUT /api/settings/tariffs': ({ body }) => jsonResponse(200, body),
    });
    const perKm = await screen.findByRole('textbox', { name: 'Per km, first 10 km, Standard HUG' });
    expect(perKm).toHaveValue('$1.90');
    expect(screen.getByRole('textbox', { name: 'Minimum fare, Multivan 6' })).toHaveValue('$50.00');

    await user.clear(perKm);
    await user.type(perKm, '2.15');
    await user.click(screen.getByRole('button', { name: 'Save fares' }));

    await expect.poll(() => bodiesSentTo(fetchMock, 'PUT', '/settings/tariffs').length).toBe(1);
    expect(bodiesSentTo(fetchMock, 'PUT', '/settings/tariffs')[0]).toEqual({
      ...DEFAULT_TARIFFS,
      'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], firstTierCentsPerKm: 215 },
      expectedUpdatedAt: SETTINGS.versions.tariffs,
    });
  });

  it('keeps the typed fares when another admin saved them meanwhile, and Reload shows theirs (decision 187)', async () => {
    const refusal =
      'The Fares setting was changed by Mia Tran at 9:42 am, after you opened it. Reload to see the change, then make yours again.';
    const theirs = {
      ...SETTINGS,
      tariffs: {
        ...DEFAULT_TARIFFS,
        'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 650 },
      },
      versions: { ...SETTINGS.versions, tariffs: '2026-03-05T01:42:00.000Z' },
    };
    let isSavedByThem = false;
    const { user } = await openSettings('/settings/fares', {
      'GET /api/settings': () => jsonResponse(200, isSavedByThem ? theirs : SETTINGS),
      'PUT /api/settings/tariffs': () => {
        isSavedByThem = true;
        return jsonResponse(409, { error: { code: 'changed_since', message: refusal } });
      },
    });
    const perKm = await screen.findByRole('textbox', { name: 'Per km, first 10 km, Standard HUG' });
    await user.clear(perKm);
    await user.type(perKm, '2.15');
    await user.click(screen.getByRole('button', { name: 'Save fares' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(perKm).toHaveValue('$2.15');
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      'Changed in another window or by someone else since you opened it. Reload to see it; what you typed here is dropped.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));

    await expect
      .poll(() => screen.getByRole('textbox', { name: 'Base fare, Standard HUG' }))
      .toHaveValue('$6.50');
    expect(perKm).toHaveValue('$1.90');
    // By its text: another test's 'Fares saved' notice (an alert too) may still be showing.
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    expect(
      screen.queryByText(/Changed in another window or by someone else/),
    ).not.toBeInTheDocument();
  });

  it("says the document switch covers every document's reminders, the business's own too", async () => {
    await openSettings('/settings/notifications');
    // Mantine reads the description as part of the switch's name.
    const expiring = await screen.findByRole('switch', {
      name: /^Document expiring \(30, 14, 7 and 1 days before\)/,
    });
    expect(expiring).toBeChecked();
    expect(
      screen.getByText(
        "Drivers', vehicles' and the business's own documents; the business's once more when expired.",
      ),
    ).toBeVisible();
  });

  it('says who gets the mails: every admin when Recipients is empty, else only the addresses listed', async () => {
    await openSettings('/settings/notifications');
    // The first is the input typed into; Mantine labels its hidden value input too.
    const [recipients] = await screen.findAllByLabelText('Recipients');
    expect(recipients).toHaveAccessibleDescription(
      "Left empty, these mails and the ones always sent (locked accounts, sign-ups waiting for a role, drivers' uploads to verify) go to every admin whose account is not disabled; addresses listed here get them instead of the admins. Press Enter after each address.",
    );
  });

  it('saves the dispatch timings in whole minutes and refuses an empty one before sending', async () => {
    const { user, fetchMock } = await openSettings('/settings/dispatch', {
      'PUT /api/settings/dispatch': savedAsSent,
    });
    const timeout = await screen.findByRole('textbox', {
      name: 'Acknowledgement timeout (minutes)',
    });
    expect(timeout).toHaveValue('5');
    const wait = screen.getByRole('textbox', { name: 'No-show waiting time (minutes)' });
    expect(wait).toHaveValue('10');

    await user.clear(wait);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number of minutes')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', '/settings/dispatch')).toEqual([]);

    await user.clear(wait);
    await user.type(wait, '12');
    await user.clear(timeout);
    await user.type(timeout, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => bodiesSentTo(fetchMock, 'PUT', '/settings/dispatch'))
      .toEqual([
        {
          acknowledgementTimeoutMinutes: 3,
          noShowWaitMinutes: 12,
          setOffWindowMinutes: 120,
          expectedUpdatedAt: SETTINGS.versions.dispatch,
        },
      ]);
  });

  it('saves the set-off window, says it in hours, and refuses one under half an hour before sending', async () => {
    const { user, fetchMock } = await openSettings('/settings/dispatch', {
      'PUT /api/settings/dispatch': savedAsSent,
    });
    const setOff = await screen.findByRole('textbox', {
      name: 'Earliest set-off before pickup (minutes)',
    });
    expect(setOff).toHaveValue('120');
    expect(setOff).toHaveAccessibleDescription(
      'How long before the pickup time a driver may tap En route (and Completed). 30 minutes to 24 hours; give more for a long drive out to a country pickup. 120 minutes is 2 hours.',
    );

    await user.clear(setOff);
    await user.type(setOff, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 30 minutes')).toBeVisible();
    expect(setOff).toHaveValue('20');
    expect(bodiesSentTo(fetchMock, 'PUT', '/settings/dispatch')).toEqual([]);

    await user.clear(setOff);
    await user.type(setOff, '360');
    expect(setOff).toHaveAccessibleDescription(/ 360 minutes is 6 hours\.$/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => bodiesSentTo(fetchMock, 'PUT', '/settings/dispatch'))
      .toEqual([
        {
          ...DEFAULT_DISPATCH,
          setOffWindowMinutes: 360,
          expectedUpdatedAt: SETTINGS.versions.dispatch,
        },
      ]);
  });

  it('shows a validation error and does not save an empty amount', async () => {
    const { user, fetchMock } = await openSettings('/settings/fares');
    const base = await screen.findByRole('textbox', { name: 'Base fare, Multivan 6' });
    await user.clear(base);
    await user.click(screen.getByRole('button', { name: 'Save fares' }));
    expect(await screen.findByText('Enter an amount')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', '/settings/tariffs')).toEqual([]);
  });

  it('says at the field a fare too large to hold in cents, and sends nothing', async () => {
    const { user, fetchMock } = await openSettings('/settings/fares');
    const base = await screen.findByRole('textbox', { name: 'Base fare, Standard HUG' });
    await user.clear(base);
    await user.type(base, '99999999999999');
    await user.click(screen.getByRole('button', { name: 'Save fares' }));
    await waitFor(() => expect(base).toHaveAccessibleDescription('Must be at most $1,000.00'));
    expect(bodiesSentTo(fetchMock, 'PUT', '/settings/tariffs')).toEqual([]);
  });

  it("changes a user's role through the API", async () => {
    const { user, fetchMock } = await openSettings('/settings/users', {
      'PATCH /api/users/user-2': () =>
        jsonResponse(200, { user: { ...USERS[1], role: 'operator' } }),
    });
    await user.click((await screen.findAllByLabelText('Role of Dee Spatch'))[0]!);
    await user.click(await screen.findByRole('option', { name: 'Operator' }));
    await expect
      .poll(() => bodiesSentTo(fetchMock, 'PATCH', '/users/user-2'))
      .toEqual([{ role: 'operator' }]);
    // The notice says what changed, and one click puts it back.
    const notice = (await screen.findByText('Dee Spatch is now Operator.')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    await expect
      .poll(() => bodiesSentTo(fetchMock, 'PATCH', '/users/user-2'))
      .toEqual([{ role: 'operator' }, { role: 'dispatcher' }]);
    expect(await screen.findByText('Dee Spatch is now Dispatcher.')).toBeInTheDocument();
  });

  it('switches a user off, says they can no longer sign in, and undoes it', async () => {
    const { user, fetchMock } = await openSettings('/settings/users', {
      'PATCH /api/users/user-2': () => jsonResponse(200, { user: { ...USERS[1], disabled: true } }),
    });
    await user.click((await screen.findAllByRole('switch', { name: 'Dee Spatch enabled' }))[0]!);
    const notice = (await screen.findByText('Dee Spatch can no longer sign in.')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    await expect
      .poll(() => bodiesSentTo(fetchMock, 'PATCH', '/users/user-2'))
      .toEqual([{ disabled: true }, { disabled: false }]);
  });

  it.each([
    {
      invitation: 'sent',
      title: 'Invitation sent',
      message: 'kim@example.test will get a link to choose a password.',
    },
    {
      invitation: 'held',
      title: 'Invitation kept in the outbox',
      message:
        'No mail server is configured, so the invitation to kim@example.test is kept in Admin → Mail: give them its link yourself.',
    },
    {
      invitation: 'failed',
      title: 'Invitation not sent',
      message:
        'The invitation to kim@example.test could not be sent. Send it again from Admin → Mail.',
    },
  ])('says "$title" when the invitation mail was $invitation', async (outcome) => {
    const invited = { ...USERS[1]!, id: 'user-9', name: 'Kim New', email: 'kim@example.test' };
    const { user } = await openSettings('/settings/users', {
      'POST /api/users/invite': () =>
        jsonResponse(201, { user: invited, invitation: outcome.invitation }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Kim New');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'kim@example.test');
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const notice = (await screen.findByText(outcome.title)).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(outcome.message);
    await user.click(within(notice).getByRole('button'));
  });

  it('points a Driver invitation to Add Driver, which makes the driver record too', async () => {
    const { user } = await openSettings('/settings/users');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.queryByText(/A driver needs a driver record too/)).toBeNull();
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Driver' }));
    expect(await screen.findByText(/A driver needs a driver record too/)).toHaveTextContent(
      'A driver needs a driver record too: Drivers → Add Driver invites them and makes it in one step.',
    );
    expect(screen.getByRole('link', { name: 'Drivers → Add Driver' })).toHaveAttribute(
      'href',
      '/admin/drivers',
    );
  });

  it('shows a locked account and unlocks it through the API', async () => {
    const { user, fetchMock } = await openSettings('/settings/users', {
      'POST /api/users/user-2/unlock': () =>
        jsonResponse(200, { user: { ...USERS[1], recentFailedSignIns: 0, lockedUntil: null } }),
    });
    expect((await screen.findAllByText('Sign-in locked'))[0]).toBeVisible();
    expect(screen.getAllByText('52 failed in the last hour')[0]).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Unlock sign-in for Dee Spatch' })[0]!);
    await expect
      .poll(
        () =>
          fetchMock.mock.calls.filter(
            ([url, init]) => String(url) === '/api/users/user-2/unlock' && init?.method === 'POST',
          ).length,
      )
      .toBe(1);
    expect(screen.queryAllByRole('button', { name: 'Unlock sign-in for Sam Taylor' })).toEqual([]);
    // A sign-up with no role is marked as waiting for one.
    expect(screen.getAllByText('Waiting for a role').length).toBeGreaterThan(0);
  });

  it('asks for the current password when the email changes', async () => {
    const { user } = await openSettings('/settings/profile', {
      'GET /api/profile': () => jsonResponse(200, PROFILE),
    });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Sam Taylor');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.clear(email);
    await user.type(email, 'sam@demo.test');
    expect(screen.getByLabelText('Current password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("caps the profile, password, business, document type and invite fields at the server schema's max length", async () => {
    const { user } = await openSettings('/settings/profile', {
      'GET /api/profile': () => jsonResponse(200, PROFILE),
      'GET /api/documents/requirements': () =>
        jsonResponse(200, { requirements: DEFAULT_DOCUMENT_REQUIREMENTS }),
    });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, 'x');
    const profile = UpdateProfileInputSchema.shape;
    expectInputsCappedLikeSchema(email.closest('form')!, {
      'Display Name': profile.name,
      Email: profile.email,
      'Current password': profile.currentPassword,
    });

    await user.click(screen.getByRole('link', { name: 'Security' }));
    const current = await screen.findByLabelText('Current password');
    const passwords = ChangePasswordInputSchema.shape;
    expectInputsCappedLikeSchema(current.closest('form')!, {
      'Current password': passwords.currentPassword,
      'New password': passwords.newPassword,
      // What it must repeat.
      'Confirm new password': passwords.newPassword,
    });

    await user.click(screen.getByRole('link', { name: 'Business' }));
    const business = await screen.findByRole('textbox', { name: 'Business name' });
    const fields = BusinessSettingsSchema.shape;
    expectInputsCappedLikeSchema(business.closest('form')!, {
      'Business name': fields.name,
      Phone: fields.phone,
      Email: fields.email,
      'Book Now target URL': fields.bookNowUrl,
    });

    await user.click(screen.getByRole('link', { name: 'Required Documents' }));
    const addType = await screen.findByRole('textbox', { name: 'Add a driver document type' });
    expectInputsCappedLikeSchema(addType.closest('form')!, {
      'Add a driver document type': RequiredDocumentTypeSchema.shape.label,
    });

    await user.click(screen.getByRole('link', { name: 'Users & Roles' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const invite = InviteUserInputSchema.shape;
    expectInputsCappedLikeSchema(name.closest('form')!, { Name: invite.name, Email: invite.email });
  });

  it('adds a required driver document type, keeping the six WA requires, and sends the version it opened', async () => {
    const { user, fetchMock } = await openSettings('/settings/documents', {
      'GET /api/documents/requirements': () =>
        jsonResponse(200, { requirements: DEFAULT_DOCUMENT_REQUIREMENTS, version: OPENED }),
      'PUT /api/documents/requirements': ({ body }) => {
        const { expectedUpdatedAt: _sent, ...requirements } = body as Record<string, unknown>;
        return jsonResponse(200, { requirements, version: '2026-03-05T01:42:00.000Z' });
      },
    });
    const section = await screen.findByRole('region', { name: 'Required Documents' });
    const drivers = await within(section).findByRole('region', { name: 'Every driver' });
    for (const label of ["Driver's licence", 'PTD authorization', 'National police clearance']) {
      expect(within(drivers).getByText(label)).toBeVisible();
    }
    expect(within(drivers).getAllByText('Required by WA')).toHaveLength(3);
    expect(within(drivers).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(
      within(drivers).getByRole('textbox', { name: 'Add a driver document type' }),
      'Medical certificate',
    );
    await user.click(within(drivers).getByRole('button', { name: 'Add' }));
    expect(
      within(drivers).getByRole('button', { name: 'Remove Medical certificate' }),
    ).toBeVisible();
    await user.click(save);

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT', '/documents/requirements')).toEqual([
        {
          ...DEFAULT_DOCUMENT_REQUIREMENTS,
          driver: [
            ...DEFAULT_DOCUMENT_REQUIREMENTS.driver,
            { key: 'medical-certificate', label: 'Medical certificate' },
          ],
          expectedUpdatedAt: OPENED,
        },
      ]),
    );
  });

  it('keeps the added document type on a 409, says why, and Reload shows the type another admin added (decision 220)', async () => {
    const refusal =
      'The Required Documents setting was changed by Mia Tran at 9:42 am, after you opened it. Reload to see the change, then make yours again.';
    const theirs = {
      requirements: {
        ...DEFAULT_DOCUMENT_REQUIREMENTS,
        driver: [
          ...DEFAULT_DOCUMENT_REQUIREMENTS.driver,
          { key: 'first-aid-certificate', label: 'First aid certificate' },
        ],
      },
      version: '2026-03-05T01:42:00.000Z',
    };
    let isSavedByThem = false;
    const { user, fetchMock } = await openSettings('/settings/documents', {
      'GET /api/documents/requirements': () =>
        jsonResponse(
          200,
          isSavedByThem ? theirs : { requirements: DEFAULT_DOCUMENT_REQUIREMENTS, version: OPENED },
        ),
      'PUT /api/documents/requirements': () => {
        isSavedByThem = true;
        return jsonResponse(409, { error: { code: 'changed_since', message: refusal } });
      },
    });
    const section = await screen.findByRole('region', { name: 'Required Documents' });
    const drivers = await within(section).findByRole('region', { name: 'Every driver' });
    await user.type(
      within(drivers).getByRole('textbox', { name: 'Add a driver document type' }),
      'Medical certificate',
    );
    await user.click(within(drivers).getByRole('button', { name: 'Add' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByText(refusal)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT', '/documents/requirements')).toEqual([
      expect.objectContaining({ expectedUpdatedAt: OPENED }),
    ]);
    expect(within(drivers).getByText('Medical certificate')).toBeVisible();
    const notice = within(section)
      .getByText(/^Changed in another window or by someone else since you opened it\./)
      .closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent(
      'Changed in another window or by someone else since you opened it. Reload to see it; what you typed here is dropped.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));

    expect(await within(drivers).findByText('First aid certificate')).toBeVisible();
    expect(within(drivers).queryByText('Medical certificate')).not.toBeInTheDocument();
    expect(within(section).queryByText(refusal)).not.toBeInTheDocument();
    expect(
      within(section).queryByText(/Changed in another window or by someone else/),
    ).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the type another admin added in place of an untouched Required Documents when it is read again', async () => {
    let isSavedByThem = false;
    const theirs = {
      requirements: {
        ...DEFAULT_DOCUMENT_REQUIREMENTS,
        driver: [
          ...DEFAULT_DOCUMENT_REQUIREMENTS.driver,
          { key: 'first-aid-certificate', label: 'First aid certificate' },
        ],
      },
      version: '2026-03-05T01:42:00.000Z',
    };
    const { queryClient } = await openSettings('/settings/documents', {
      'GET /api/documents/requirements': () =>
        jsonResponse(
          200,
          isSavedByThem ? theirs : { requirements: DEFAULT_DOCUMENT_REQUIREMENTS, version: OPENED },
        ),
    });
    const drivers = await screen.findByRole('region', { name: 'Every driver' });
    isSavedByThem = true;
    await queryClient.invalidateQueries({ queryKey: DOCUMENT_REQUIREMENTS_KEY });

    expect(await within(drivers).findByText('First aid certificate')).toBeVisible();
    expect(
      screen.queryByText(/Changed in another window or by someone else/),
    ).not.toBeInTheDocument();
  });
});

/**
 * A Settings section that saves a setting, for the checks every one of them
 * passes (decision 220). `shown` reads what the section shows of the fields
 * `change` types into: as opened, as typed here, or as another admin saved it.
 */
type SectionCase<K extends EditedSetting = EditedSetting> = {
  section: string;
  setting: K;
  save: string;
  /** Another admin's save: the setting as GET /api/settings reads it afterwards. */
  theirs: SettingsResponse[K];
  change: (user: UserEvent) => Promise<void>;
  /** The setting as the save sends it. */
  sent: SettingsResponse[K];
  shown: () => unknown;
  opened: unknown;
  typed: unknown;
  saved: unknown;
};

function textbox(name: string, role: 'textbox' | 'combobox' = 'textbox') {
  return () => (screen.getByRole(role, { name }) as HTMLInputElement).value;
}

function checked(role: 'switch' | 'checkbox', ...names: string[]) {
  return () => names.map((name) => (screen.getByRole(role, { name }) as HTMLInputElement).checked);
}

async function retype(user: UserEvent, name: string, text: string) {
  const field = await screen.findByRole('textbox', { name });
  await user.clear(field);
  await user.type(field, text);
}

const SECTIONS: SectionCase[] = [
  {
    section: 'business',
    setting: 'business',
    save: 'Save',
    theirs: { ...SETTINGS.business, name: "Mia's Cars" },
    change: (user) => retype(user, 'Business name', 'Swan Cars'),
    sent: { ...SETTINGS.business, name: 'Swan Cars' },
    shown: textbox('Business name'),
    opened: SETTINGS.business.name,
    typed: 'Swan Cars',
    saved: "Mia's Cars",
  } satisfies SectionCase<'business'>,
  {
    section: 'regional',
    setting: 'timeZone',
    save: 'Save',
    theirs: 'Australia/Adelaide',
    change: async (user) => {
      await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));
      await user.click(await screen.findByRole('option', { name: 'Australia/Sydney' }));
    },
    sent: 'Australia/Sydney',
    shown: textbox('Time zone', 'combobox'),
    opened: 'Australia/Perth',
    typed: 'Australia/Sydney',
    saved: 'Australia/Adelaide',
  } satisfies SectionCase<'timeZone'>,
  {
    section: 'notifications',
    setting: 'notifications',
    save: 'Save',
    theirs: { ...SETTINGS.notifications, newOnlineBooking: false },
    change: async (user) =>
      user.click(await screen.findByRole('switch', { name: 'Driver suspended' })),
    sent: { ...SETTINGS.notifications, driverSuspended: false },
    shown: checked('switch', 'New online booking', 'Driver suspended'),
    opened: [true, true],
    typed: [true, false],
    saved: [false, true],
  } satisfies SectionCase<'notifications'>,
  {
    section: 'dispatch',
    setting: 'dispatch',
    save: 'Save',
    theirs: { ...SETTINGS.dispatch, noShowWaitMinutes: 15 },
    change: (user) => retype(user, 'No-show waiting time (minutes)', '12'),
    sent: { ...SETTINGS.dispatch, noShowWaitMinutes: 12 },
    shown: textbox('No-show waiting time (minutes)'),
    opened: '10',
    typed: '12',
    saved: '15',
  } satisfies SectionCase<'dispatch'>,
  {
    section: 'users',
    setting: 'accessTable',
    save: 'Save access table',
    theirs: { ...SETTINGS.accessTable, timeline: ['dispatcher', 'operator'] },
    change: async (user) =>
      user.click(await screen.findByRole('checkbox', { name: 'Operator may open /jobs' })),
    sent: { ...SETTINGS.accessTable, jobs: ['dispatcher', 'operator'] },
    shown: checked('checkbox', 'Operator may open /jobs', 'Operator may open /timeline'),
    opened: [false, false],
    typed: [true, false],
    saved: [false, true],
  } satisfies SectionCase<'accessTable'>,
];

/** The body a section's save sends: the time zone is wrapped, every other setting is the body. */
function bodyOf(setting: EditedSetting, value: unknown) {
  return setting === 'timeZone' ? { timeZone: value } : (value as object);
}

const PUT_PATHS: Record<EditedSetting, string> = {
  business: '/settings/business',
  timeZone: '/settings/time-zone',
  tariffs: '/settings/tariffs',
  notifications: '/settings/notifications',
  dispatch: '/settings/dispatch',
  accessTable: '/settings/access-table',
};

describe.each(SECTIONS)(
  'settings/$section: another admin’s save meanwhile (decision 220)',
  { timeout: 30_000 },
  ({ section, setting, save, theirs, change, sent, shown, opened, typed, saved }) => {
    const put = `PUT /api${PUT_PATHS[setting]}`;
    const savedByThem = {
      ...SETTINGS,
      [setting]: theirs,
      versions: { ...SETTINGS.versions, [setting]: '2026-03-05T01:42:00.000Z' },
    };
    const refusal = `${EDITED_SETTING_NAMES[setting]} was changed by Mia Tran at 9:42 am, after you opened it. Reload to see the change, then make yours again.`;

    it('sends the version it opened with its save', async () => {
      const { user, fetchMock } = await openSettings(`/settings/${section}`, {
        [put]: savedAsSent,
      });
      await change(user);
      expect(shown()).toEqual(typed);
      await user.click(screen.getByRole('button', { name: save }));

      await expect
        .poll(() => bodiesSentTo(fetchMock, 'PUT', PUT_PATHS[setting]))
        .toEqual([{ ...bodyOf(setting, sent), expectedUpdatedAt: SETTINGS.versions[setting] }]);
    });

    it('keeps the typing on a 409, says why, and Reload shows their save', async () => {
      let isSavedByThem = false;
      const { user } = await openSettings(`/settings/${section}`, {
        'GET /api/settings': () => jsonResponse(200, isSavedByThem ? savedByThem : SETTINGS),
        [put]: () => {
          isSavedByThem = true;
          return jsonResponse(409, { error: { code: 'changed_since', message: refusal } });
        },
      });
      await change(user);
      await user.click(screen.getByRole('button', { name: save }));

      expect(await screen.findByText(refusal)).toBeInTheDocument();
      expect(shown()).toEqual(typed);
      const notice = screen
        .getByText(/^Changed in another window or by someone else since you opened it\./)
        .closest<HTMLElement>('[role="status"]')!;
      expect(notice).toHaveTextContent(
        'Changed in another window or by someone else since you opened it. Reload to see it; what you typed here is dropped.',
      );
      await user.click(within(notice).getByRole('button', { name: 'Reload' }));

      await expect.poll(shown).toEqual(saved);
      expect(screen.queryByText(refusal)).not.toBeInTheDocument();
      expect(
        screen.queryByText(/Changed in another window or by someone else/),
      ).not.toBeInTheDocument();
    });

    it('shows their save in place of an untouched section when the settings are read again', async () => {
      let isSavedByThem = false;
      const { queryClient } = await openSettings(`/settings/${section}`, {
        'GET /api/settings': () => jsonResponse(200, isSavedByThem ? savedByThem : SETTINGS),
      });
      await expect.poll(shown).toEqual(opened);
      isSavedByThem = true;
      await queryClient.invalidateQueries({ queryKey: ['settings'] });

      await expect.poll(shown).toEqual(saved);
      expect(
        screen.queryByText(/Changed in another window or by someone else/),
      ).not.toBeInTheDocument();
    });
  },
);
