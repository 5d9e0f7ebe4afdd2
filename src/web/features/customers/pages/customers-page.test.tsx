import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CustomerInputSchema,
  SavedAddressSchema,
  type Customer,
  type CustomerDetailResponse,
} from '../../../../domain/customers';
import { deferred, jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';

const JANE: Customer = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'jane@example.com',
  phone: '+61412345678',
  homeAddress: '12 Hay St, Perth WA 6000',
  preferredVehicleType: 'Multivan 6',
  notes: 'Prefers the front seat',
  savedAddresses: [{ label: 'Work', address: '1 St Georges Tce, Perth WA 6000' }],
  totalBookings: 7,
  totalSpent: 1234.5,
  lastBookingDate: '2024-03-05T02:00:00.000Z',
  nextBookingDate: null,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const TOM: Customer = {
  ...JANE,
  id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Tom',
  lastName: 'Nguyen',
  email: null,
  phone: '+61898765432',
  homeAddress: null,
  preferredVehicleType: null,
  savedAddresses: [],
  totalBookings: 0,
  totalSpent: 0,
  lastBookingDate: null,
};

/** Booked once, for a ride still to come: no last booking yet, but a next one. */
const UMA: Customer = {
  ...TOM,
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Uma',
  lastName: 'Upcoming',
  phone: '+61400111222',
  totalBookings: 1,
  nextBookingDate: '2031-11-25T01:30:00.000Z',
};

function detail(customer: Customer): CustomerDetailResponse {
  return {
    customer,
    recentBookings: [1, 2, 3, 4, 5].map((n) => ({
      id: `booking-${n}`,
      reference: `REF00${n}`,
      pickupTime: `2024-03-0${n}T02:00:00.000Z`,
      pickupLocation: `Pickup ${n}`,
      dropoffLocation: `Perth Airport T${n}`,
      status: n === 1 ? 'completed' : 'pending',
      fareAmount: 50 + n,
    })),
  };
}

/** The paging fields of a list that fits on one page. */
function onePageOf(total: number) {
  return { total, totalIsCapped: false, nextCursor: null };
}

function stubCustomers(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/customers': () => jsonResponse(200, { customers: [JANE, TOM], ...onePageOf(2) }),
    [`GET /api/customers/${JANE.id}`]: () => jsonResponse(200, detail(JANE)),
    ...extra,
  });
}

async function openPage() {
  const view = renderApp(['/customers']);
  await screen.findByRole('heading', { level: 1, name: 'Customer Management' }, { timeout: 5000 });
  await screen.findByText('Jane Citizen');
  return view;
}

afterEach(() => {
  vi.restoreAllMocks();
});

// Typing through user-event is slow on a busy machine.
describe('Customer Management page', { timeout: 15_000 }, () => {
  it('lists customers with their contact, address, bookings, total spent and last booking', async () => {
    stubCustomers();
    await openPage();
    expect(screen.getByText('View and manage customer information')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search customers...')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Customer',
      'Contact',
      'Address',
      'Bookings',
      'Total Spent',
      'Last Booking',
    ]);

    const jane = screen.getByRole('row', { name: /Jane Citizen/ });
    expect(within(jane).getByText('Prefers: Multivan 6')).toBeInTheDocument();
    // Stored in E.164, shown as it is written in Australia.
    expect(within(jane).getByText('0412 345 678')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Tom Nguyen/ })).getByText('(08) 9876 5432'),
    ).toBeInTheDocument();
    expect(within(jane).getByText('jane@example.com')).toBeInTheDocument();
    expect(within(jane).getByText('12 Hay St, Perth WA 6000')).toBeInTheDocument();
    expect(within(jane).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(jane).getByText('Mar 5, 2024')).toBeInTheDocument();

    const tom = screen.getByRole('row', { name: /Tom Nguyen/ });
    expect(within(tom).queryByText(/Prefers:/)).not.toBeInTheDocument();
    expect(within(tom).getByText('Not set')).toBeInTheDocument();
    expect(within(tom).getByText('$0.00')).toBeInTheDocument();
    expect(within(tom).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 customers')).toBeInTheDocument();
  });

  it("shows a customer's upcoming ride as Next, not Never, until they have ridden", async () => {
    stubCustomers({
      'GET /api/customers': () => jsonResponse(200, { customers: [UMA], ...onePageOf(1) }),
    });
    renderApp(['/customers']);

    const uma = await screen.findByRole('row', { name: /Uma Upcoming/ });
    expect(within(uma).getByText('Next: Nov 25, 2031')).toBeInTheDocument();
    expect(within(uma).queryByText('Never')).not.toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/customers': () => new Promise<Response>(() => {}),
    });
    renderApp(['/customers']);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Customer Management' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers');
  });

  it('pages forward by the cursor the server gave and back again, counting past the cap as 1,000+', async () => {
    const NEXT = '2024-01-01T00:00:00.000000Z~22222222-2222-4222-8222-222222222222';
    const fetchMock = stubCustomers({
      'GET /api/customers': ({ url }) =>
        url.searchParams.get('cursor') === NEXT
          ? jsonResponse(200, {
              customers: [UMA],
              total: 1000,
              totalIsCapped: true,
              nextCursor: null,
            })
          : jsonResponse(200, {
              customers: [JANE, TOM],
              total: 1000,
              totalIsCapped: true,
              nextCursor: NEXT,
            }),
    });
    const { user } = await openPage();
    expect(screen.getByText('Showing 1–2 of 1,000+ customers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 51–51 of 1,000+ customers');
    expect(screen.getByRole('row', { name: /Uma Upcoming/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toContain(`/api/customers?${new URLSearchParams({ limit: '50', cursor: NEXT })}`);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Showing 1–2 of 1,000+ customers');
  });

  it('searches on the server with the typed text as q', async () => {
    const fetchMock = stubCustomers();
    const { user } = await openPage();
    await user.type(screen.getByPlaceholderText('Search customers...'), 'jane c');
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls).toContain('/api/customers?q=jane+c&limit=50');
    });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/customers/export.csv?q=jane+c',
    );
  });

  it('asks the browser before closing the tab on a half-typed Add Customer, not once cancelled', async () => {
    stubCustomers();
    const { user } = await openPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    expect(unload()).toBe(false);
    await user.type(within(dialog).getByLabelText(/First Name/), 'Uma');
    expect(unload()).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('adds one customer on a double click of Add Customer', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubCustomers({ 'POST /api/customers': () => answer.promise });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    await user.type(within(dialog).getByLabelText(/First Name/), 'Onlyname');
    // Both clicks in one task, as a browser delivers a double click (user-event waits between them).
    const add = within(dialog).getByRole('button', { name: 'Add Customer' });
    fireEvent.click(add);
    fireEvent.click(add);
    answer.resolve(jsonResponse(201, { customer: { ...UMA, firstName: 'Onlyname' } }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument(),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it('keeps the Add Customer dialog open and shows the server message under the field it names', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'A customer with this phone already exists: Jane Citizen.';
    const fetchMock = stubCustomers({
      'POST /api/customers': () =>
        jsonResponse(409, { error: { code: 'conflict', message, fields: { phone: message } } }),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('placeholder', '+61');
    expect(within(dialog).getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('rows', '3');
    const vehicle = within(dialog).getByLabelText('Preferred Vehicle Type');
    expect(
      within(vehicle)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a vehicle type', 'Standard HUG', 'Multivan 6', 'Imax 7']);

    await user.type(within(dialog).getByLabelText(/First Name/), 'Janet');
    await user.type(within(dialog).getByLabelText('Phone'), '0412 345 678');
    await user.selectOptions(vehicle, 'Imax 7');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Error creating customer:', expect.anything());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      firstName: 'Janet',
      phone: '0412 345 678',
      preferredVehicleType: 'Imax 7',
    });
  });

  it("says what the server would under each field it refuses, without sending, by the server's schema", async () => {
    const fetchMock = stubCustomers();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    await user.type(within(dialog).getByLabelText('Phone'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));

    expect(await within(dialog).findByText('Is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(
      'Enter a valid phone number, e.g. 0412 345 678, or +44 20 7946 0958 from abroad',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // The focus goes to the first field to fix, not left on Add Customer (decision 115).
    await waitFor(() => expect(within(dialog).getByLabelText(/First Name/)).toHaveFocus());
  });

  it('closes and resets the Add Customer dialog after a successful create, and reloads the list', async () => {
    const fetchMock = stubCustomers({
      'POST /api/customers': () => jsonResponse(201, { customer: { ...TOM, firstName: 'Mia' } }),
    });
    const { user } = await openPage();
    const listCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/customers?')).length;
    const before = listCalls();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    await user.type(within(dialog).getByLabelText(/First Name/), 'Mia');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customer' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Customer' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(await screen.findByText('Customer added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add Customer' });
    expect(within(reopened).getByLabelText(/First Name/)).toHaveValue('');
  });

  it('names the next booking apart in the profile, and says when no trip has been taken yet', async () => {
    stubCustomers({
      [`GET /api/customers/${UMA.id}`]: () =>
        jsonResponse(200, { customer: UMA, recentBookings: [] }),
      'GET /api/customers': () => jsonResponse(200, { customers: [JANE, UMA], ...onePageOf(2) }),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: new RegExp(UMA.firstName) }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    expect(await within(dialog).findByText(/^Next booking: /)).toBeInTheDocument();
    expect(within(dialog).getByText('No past bookings yet')).toBeInTheDocument();
  });

  it('opens the Customer Profile for the clicked row with the five most recent bookings', async () => {
    stubCustomers();
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Jane Citizen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    expect(await within(dialog).findByText('Prefers the front seat')).toBeInTheDocument();
    expect(within(dialog).getByText('1 St Georges Tce, Perth WA 6000')).toBeInTheDocument();
    expect(within(dialog).getByText('$1,234.50')).toBeInTheDocument();
    const bookings = within(dialog).getByRole('table', { name: 'Recent bookings' });
    expect(within(bookings).getAllByRole('row')).toHaveLength(6);
    expect(within(bookings).getByText('REF005')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Customer Profile' })).not.toBeInTheDocument(),
    );
  });

  it('edits a customer from the profile, sending only the changed fields', async () => {
    const fetchMock = stubCustomers({
      [`PATCH /api/customers/${JANE.id}`]: () =>
        jsonResponse(200, { customer: { ...JANE, notes: 'VIP' } }),
    });
    const { user } = await openPage();
    screen.getByRole('row', { name: /Jane Citizen/ }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.clear(within(dialog).getByLabelText('Notes'));
    await user.type(within(dialog).getByLabelText('Notes'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    const labels = within(dialog).getAllByLabelText('Label');
    await user.type(labels[1]!, 'Airport');
    await user.type(within(dialog).getAllByLabelText('Address')[1]!, 'Perth Airport T1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove saved address 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await within(dialog).findByRole('button', { name: 'Edit' });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      notes: 'VIP',
      savedAddresses: [{ label: 'Airport', address: 'Perth Airport T1' }],
    });
  }, 20_000);

  it('asks before Escape closes the profile over an unsaved edit; Stay keeps it', async () => {
    stubCustomers();
    const { user } = await openPage();
    screen.getByRole('row', { name: /Jane Citizen/ }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.type(within(dialog).getByLabelText('Notes'), ' VIP');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Close without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Close without saving?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Prefers the front seat VIP');
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole(
        'button',
        { name: 'Close' },
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Customer Profile' })).toBeNull(),
    );
  }, 20_000);

  it("caps every field of the customer form at the server schema's max length", async () => {
    stubCustomers();
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Jane Citizen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await within(dialog).findByLabelText('Label');
    const fields = CustomerInputSchema.shape;
    expectInputsCappedLikeSchema(dialog, {
      'First Name': fields.firstName,
      'Last Name': fields.lastName,
      Email: fields.email,
      Phone: fields.phone,
      'Home Address': fields.homeAddress,
      Label: SavedAddressSchema.shape.label,
      Address: SavedAddressSchema.shape.address,
      Notes: fields.notes,
    });
  }, 20_000);

  it('checks a saved address an edit adds, and says a blank label under its row', async () => {
    const fetchMock = stubCustomers();
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Jane Citizen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    await user.type(within(dialog).getAllByLabelText('Address')[1]!, 'Perth Airport T1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(within(dialog).getAllByLabelText('Label')[1]).toHaveAccessibleDescription('Is required');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  }, 20_000);

  it("says under a saved address's label that it repeats another's, case and spaces aside, without sending", async () => {
    const fetchMock = stubCustomers();
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Jane Citizen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    await user.type(within(dialog).getAllByLabelText('Label')[1]!, ' WORK ');
    await user.type(within(dialog).getAllByLabelText('Address')[1]!, 'Perth Airport T1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(within(dialog).getAllByLabelText('Label')[1]).toHaveAccessibleDescription(
      '"WORK" is already the label of saved address 1',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  }, 20_000);

  it('checks only the fields an edit changes: a stored phone the schema refuses does not block the notes', async () => {
    const legacy = { ...JANE, phone: 'call the office' };
    const fetchMock = stubCustomers({
      [`GET /api/customers/${JANE.id}`]: () => jsonResponse(200, detail(legacy)),
      [`PATCH /api/customers/${JANE.id}`]: () =>
        jsonResponse(200, { customer: { ...legacy, notes: 'VIP' } }),
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Jane Citizen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Profile' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.clear(within(dialog).getByLabelText('Notes'));
    await user.type(within(dialog).getByLabelText('Notes'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await within(dialog).findByRole('button', { name: 'Edit' });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ notes: 'VIP' });
  }, 20_000);
});
