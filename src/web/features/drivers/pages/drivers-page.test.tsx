import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DEFAULT_DOCUMENT_REQUIREMENTS } from '../../../../domain/documents';
import { DriverCreateInputSchema, type RosterDriver } from '../../../../domain/drivers';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';
import { driverProfile, rosterDriver } from '../../../test/driver-fixtures';

const NEW_DRIVER = rosterDriver();

const VETERAN: RosterDriver = {
  ...NEW_DRIVER,
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Vic',
  lastName: 'Veteran',
  phone: '+61412555002',
  status: 'suspended',
  vehicle: {
    id: 'v1',
    registration: '1ABC 234',
    type: 'Multivan 6',
    make: 'Volkswagen',
    model: 'Multivan',
  },
  rating: 4.75,
  ratingCount: 12,
  tripsThisMonth: 9,
};

afterEach(() => vi.unstubAllGlobals());

describe('the Drivers screen', () => {
  it("lists drivers with status, vehicle, rating and trips; a new driver has 'No ratings yet'", async () => {
    const api = stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [NEW_DRIVER, VETERAN] }),
    });
    renderApp(['/admin/drivers']);

    const nina = await screen.findByRole('row', { name: /Nina New/ });
    expect(within(nina).getByText('No ratings yet')).toBeInTheDocument();
    expect(within(nina).getByText('Off shift')).toBeInTheDocument();
    const vic = screen.getByRole('row', { name: /Vic Veteran/ });
    // Red, as 'cannot work' is wherever a suspension shows (it was orange here only).
    expect(within(vic).getByText('Suspended').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-color': 'var(--mantine-color-red-light-color)',
    });
    // Off shift: the vehicle on her record is the one she usually takes, not one she is in.
    expect(within(vic).getByText('None')).toBeInTheDocument();
    expect(within(vic).getByText('usually 1ABC 234 · Multivan 6')).toBeInTheDocument();
    expect(within(vic).getByText('4.8/5')).toBeInTheDocument();
    expect(within(vic).getByText('9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/drivers/roster.csv',
    );
    expect(api).toHaveBeenCalled();
  });

  it("names the open shift's vehicle as the current one, and never claims a car someone else drives", async () => {
    const car = VETERAN.vehicle!;
    const onShift: RosterDriver = {
      ...NEW_DRIVER,
      id: '33333333-3333-4333-8333-333333333333',
      firstName: 'Sam',
      lastName: 'Shift',
      isOnShift: true,
      vehicle: car,
      shiftVehicle: car,
    };
    const taken: RosterDriver = { ...VETERAN, vehicleTakenBy: 'Sam Shift' };
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [onShift, taken] }),
    });
    renderApp(['/admin/drivers']);
    const sam = await screen.findByRole('row', { name: /^Sam Shift/ });
    expect(within(sam).getByText('1ABC 234 · Multivan 6')).toBeInTheDocument();
    const vic = screen.getByRole('row', { name: /Vic Veteran/ });
    expect(within(vic).queryByText(/^1ABC 234/)).not.toBeInTheDocument();
    expect(within(vic).getByText('usually 1ABC 234, now driven by Sam Shift')).toBeInTheDocument();
  });

  it("marks a driver whose invitation is not accepted yet 'Invited', a linked one not", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () =>
        jsonResponse(200, {
          drivers: [
            { ...NEW_DRIVER, accountState: 'invited', invitedAt: '2026-03-01T06:00:00.000Z' },
            VETERAN,
          ],
        }),
    });
    renderApp(['/admin/drivers']);
    const nina = await screen.findByRole('row', { name: /Nina New/ });
    expect(within(nina).getByTitle('Invited Mar 1, 2026, not yet accepted')).toHaveTextContent(
      'Invited',
    );
    const vic = screen.getByRole('row', { name: /Vic Veteran/ });
    expect(within(vic).queryByText('Invited')).not.toBeInTheDocument();
  });

  it("reads 'Pending verification', not 'Active', for a driver whose documents are not in order", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () =>
        jsonResponse(200, { drivers: [{ ...NEW_DRIVER, status: 'pending' }] }),
    });
    renderApp(['/admin/drivers']);
    const nina = await screen.findByRole('row', { name: /Nina New/ });
    expect(within(nina).getByText('Pending verification')).toBeInTheDocument();
    expect(within(nina).queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending verification' })).toBeInTheDocument();
  });

  it('offers as an Add Driver account only users no driver has yet', async () => {
    const user = (id: string, name: string) => ({
      id,
      name,
      email: `${id}@example.test`,
      role: 'driver',
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastSignInAt: null,
      recentFailedSignIns: 0,
      lockedUntil: null,
    });
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () =>
        jsonResponse(200, { drivers: [{ ...VETERAN, userId: 'linked' }] }),
      'GET /api/users': () =>
        jsonResponse(200, { users: [user('linked', 'Vic Veteran'), user('free', 'Fay Free')] }),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
    });
    renderApp(['/admin/drivers']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Driver' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Account' }));
    expect(
      await screen.findByRole('option', { name: 'Fay Free (free@example.test)' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('option', { name: 'Vic Veteran (linked@example.test)' }),
    ).not.toBeInTheDocument();
  });

  it('asks before Back loses a half-typed Add Driver; a driver added opens without asking', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [] }),
      'GET /api/users': () => jsonResponse(200, { users: [] }),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
      // No SMTP: the invitation is only in the outbox, and the notice says so.
      'POST /api/drivers': () => jsonResponse(201, { driver: NEW_DRIVER, invitation: 'held' }),
    });
    const { router } = renderApp(['/admin', '/admin/drivers']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Driver' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nina');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/admin/drivers');
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Nina');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'New');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+61412555001');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'nina@example.test',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Driver' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/drivers/${NEW_DRIVER.id}`),
    );
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    const notice = (await screen.findByText('Driver added')).closest('[role="alert"]');
    expect(notice).toHaveTextContent(
      `No mail server is configured, so the invitation to ${NEW_DRIVER.email} is kept in Admin → Mail: give them its link yourself.`,
    );
    // 'Driver added' would outlive the render: the store is shared by the next tests.
    notifications.clean();
  });

  it('asks before Escape or the close button loses a half-typed Add Driver; Cancel and a clean form close at once', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [] }),
      'GET /api/users': () => jsonResponse(200, { users: [] }),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
    });
    renderApp(['/admin/drivers']);
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Add Driver' }));
      return screen.findByRole('dialog', { name: 'Add Driver' });
    };
    const closed = () =>
      waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Driver' })).toBeNull());

    // Nothing typed: Escape closes, no question.
    await open();
    await userEvent.keyboard('{Escape}');
    await closed();
    expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).toBeNull();

    let dialog = await open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nina');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Close without saving?' });
    expect(
      within(question).getByText('What you entered in this form is not saved and will be lost.'),
    ).toBeVisible();
    // Escape on the question is Stay: the form and its input are still there.
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).toBeNull(),
    );
    expect(within(dialog).getByRole('textbox', { name: 'First Name' })).toHaveValue('Nina');

    // The close button asks too; Close goes.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole(
        'button',
        { name: 'Close' },
      ),
    );
    await closed();

    // Cancel is an answer already.
    dialog = await open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nina');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).toBeNull();
  });

  it("caps every text field of the Add Driver form at the server schema's max length", async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [] }),
      'GET /api/users': () => jsonResponse(200, { users: [] }),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
    });
    renderApp(['/admin/drivers']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Driver' });
    const fields = DriverCreateInputSchema.shape;
    expectInputsCappedLikeSchema(
      dialog,
      {
        'First Name': fields.firstName,
        'Last Name': fields.lastName,
        Phone: fields.phone,
        Email: fields.email,
        'Licence Number': fields.licenceNumber,
        Notes: fields.notes,
      },
      // A select's search box: it picks an account, it is not sent as typed.
      ['Account'],
    );
  });

  it('asks the server for the status picked and carries it to the CSV export', async () => {
    const api = stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [VETERAN] }),
    });
    renderApp(['/admin/drivers']);
    await screen.findByRole('row', { name: /Vic Veteran/ });
    screen.getByRole('radio', { name: 'Suspended' }).click();
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input]) =>
          String(input).includes('/api/drivers/roster?status=suspended'),
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/drivers/roster.csv?status=suspended',
    );
  });

  it("reads the licence card's number where the record has none, and the record's own where it has one", async () => {
    const profile = driverProfile({ id: NEW_DRIVER.id, email: null, phone: null });
    const licenceCard = {
      id: 'doc-licence',
      subject: 'driver',
      driverId: NEW_DRIVER.id,
      vehicleId: null,
      type: 'licence',
      typeLabel: "Driver's licence",
      number: 'LIC738076',
      issuedOn: '2025-12-14',
      expiresOn: '2028-12-13',
      status: 'valid',
      verification: 'verified',
      verifiedBy: 'Ada Admin',
      verifiedAt: '2026-11-23T01:00:00.000Z',
      rejectedReason: null,
      notes: '',
      fileName: 'licence.pdf',
      contentType: 'application/pdf',
      size: 100,
      uploadedBy: 'Ada Admin',
      uploadedAt: '2026-11-23T00:00:00.000Z',
      changes: [],
    };
    let record: RosterDriver = { ...NEW_DRIVER, licenceNumber: null };
    stubApi({
      'GET /api/me': signedInAs('admin'),
      [`GET /api/drivers/${NEW_DRIVER.id}/record`]: () => jsonResponse(200, { driver: record }),
      [`GET /api/admin/drivers/${NEW_DRIVER.id}/profile`]: () =>
        jsonResponse(200, { driver: profile }),
      [`GET /api/drivers/${NEW_DRIVER.id}/documents`]: () =>
        jsonResponse(200, {
          requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
          documents: [licenceCard],
          vehicle: null,
          compliance: {
            isCompliant: true,
            hasExpired: false,
            hasRejected: false,
            isOverridden: false,
            problems: [],
          },
          override: null,
          isSuspended: false,
          overrideRefusal: 'not-suspended',
        }),
    });
    const first = renderApp([`/admin/drivers/${NEW_DRIVER.id}`]);
    const card = await screen.findByText('Licence number');
    expect(
      await within(card.parentElement!).findByText('LIC738076 (on the licence card)'),
    ).toBeVisible();
    first.unmount();

    record = { ...NEW_DRIVER, licenceNumber: 'WA123456' };
    renderApp([`/admin/drivers/${NEW_DRIVER.id}`]);
    const again = await screen.findByText('Licence number');
    expect(await within(again.parentElement!).findByText('WA123456')).toBeVisible();
  });

  it('says a status filter found nobody, not that there are no drivers yet', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/roster': ({ url }) =>
        jsonResponse(200, { drivers: url.searchParams.get('status') ? [] : [VETERAN] }),
    });
    renderApp(['/admin/drivers']);
    expect(await screen.findByText('Vic Veteran')).toBeVisible();
    screen.getByRole('radio', { name: 'Pending verification' }).click();
    expect(await screen.findByText('No drivers are pending verification')).toBeVisible();
    expect(screen.queryByText('No drivers yet')).not.toBeInTheDocument();
  });

  it("says 'Driver not found.' for an address whose id is not a driver id at all", async () => {
    const refused = () =>
      jsonResponse(400, {
        error: {
          code: 'invalid_input',
          message: 'id: is not a driver id',
          fields: { id: 'is not a driver id' },
        },
      });
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/drivers/not-a-driver/record': refused,
      'GET /api/admin/drivers/not-a-driver/profile': refused,
    });
    renderApp(['/admin/drivers/not-a-driver']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Driver not found.');
    expect(screen.queryByText(/is not a driver id/)).not.toBeInTheDocument();
  });
});
