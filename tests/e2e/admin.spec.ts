import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Customer, CustomerListResponse } from '../../src/domain/customers';
import { phoneForDisplay } from '../../src/domain/customers/phone-display';
import { DEFAULT_TARIFFS } from '../../src/domain/fares';
import { dollarsToCents, formatAud } from '../../src/domain/format/money';
import { openSignedIn } from './support/sessions';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// A stuck click fails on its own, leaving the test time to clean up (journey 4 restores a tariff).
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });
/** The first page load after the server starts can be slow on a loaded machine. */
const FIRST_LOAD = { timeout: 20_000 };

async function signInAsAdmin(page: Page) {
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
}

/** The origin header the API wants on every write. */
function writeHeaders(baseURL: string | undefined) {
  return { origin: baseURL ?? '' };
}

function fullName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

/** An Australian mobile nobody else has: 041 and seven random digits. */
function uniqueMobile(): string {
  return `041${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

async function listCustomers(request: APIRequestContext): Promise<Customer[]> {
  const response = await request.get('/api/customers?limit=200');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as CustomerListResponse;
  return body.customers;
}

/** Types into the search box and waits for the customer's row. */
async function searchCustomer(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search customers' }).fill(name);
  const row = page.getByRole('row', { name: `Open ${name}`, exact: true });
  await expect(row).toBeVisible();
  return row;
}

function profileDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Customer Profile' });
}

/**
 * Journey 4 changes a tariff every quote uses. Runs of this file on the same
 * server (e.g. --repeat-each on two workers) take turns through this lock.
 */
async function withTariffLock(baseURL: string | undefined, body: () => Promise<void>) {
  const port = new URL(baseURL ?? 'http://localhost').port;
  const lock = join(tmpdir(), `e2e-admin-tariffs-${port}.lock`);
  const STALE_MS = 120_000;
  const acquire = () => {
    try {
      mkdirSync(lock);
      return true;
    } catch {
      try {
        // A run that crashed holding the lock does not block the next for long.
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmdirSync(lock);
      } catch {
        // Released meanwhile: the next poll takes it.
      }
      return false;
    }
  };
  await expect.poll(acquire, { timeout: 30_000, intervals: [250] }).toBe(true);
  try {
    await body();
  } finally {
    rmdirSync(lock);
  }
}

test('the admin finds a demo customer and opens their profile with five recent bookings', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const customers = await listCustomers(page.request);
  const names = customers.map(fullName);
  // A customer with five or more bookings whose pickup has come (the profile
  // lists those; later ones depend on the hour the demo was seeded), and
  // whose name no other customer's contains.
  let customer: Customer | undefined;
  for (const candidate of customers) {
    const unique =
      names.filter((name) => name.toLowerCase().includes(fullName(candidate).toLowerCase()))
        .length === 1;
    if (candidate.totalBookings < 5 || !unique) continue;
    const detail = await page.request.get(`/api/customers/${candidate.id}`);
    expect(detail.status()).toBe(200);
    const { recentBookings } = (await detail.json()) as { recentBookings: unknown[] };
    if (recentBookings.length === 5) {
      customer = candidate;
      break;
    }
  }
  expect(customer, 'a demo customer with five past bookings').toBeDefined();
  const name = fullName(customer!);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page).toHaveURL('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Customer',
    'Contact',
    'Address',
    'Bookings',
    'Total Spent',
    'Last Booking',
  ]);

  const row = await searchCustomer(page, name);
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toContainText(name);
  if (customer!.phone) {
    await expect(cells.nth(1)).toContainText(phoneForDisplay(customer!.phone));
  }
  await expect(cells.nth(3)).toHaveText(String(customer!.totalBookings));
  await expect(cells.nth(4)).toHaveText(formatAud(dollarsToCents(customer!.totalSpent)));

  await row.click();
  const dialog = profileDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
  const recent = dialog.getByRole('table', { name: 'Recent bookings' });
  // A header row and the five latest bookings.
  await expect(recent.getByRole('row')).toHaveCount(6);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the admin adds a customer, and a second one with the same phone is refused by name', async ({
  page,
}) => {
  const stamp = Date.now();
  const firstName = `Avery${stamp}`;
  const lastName = 'Newcustomer';
  const name = `${firstName} ${lastName}`;
  const phone = uniqueMobile();

  await signInAsAdmin(page);
  await page.goto('/customers');
  await expect(page.getByRole('row', { name: /^Open / }).first()).toBeVisible(FIRST_LOAD);

  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Home Address').fill('12 Hay Street, Perth WA 6000');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(dialog).toBeHidden();

  const row = await searchCustomer(page, name);
  await expect(row.getByRole('cell').nth(2)).toHaveText('12 Hay Street, Perth WA 6000');

  await page.getByRole('button', { name: 'Add Customer' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').fill(`Blake${stamp}`);
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(
    dialog.getByText(`A customer with this phone already exists: ${name}.`),
  ).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search customers' }).fill(`Blake${stamp}`);
  await expect(page.getByText(`No customers match "Blake${stamp}"`)).toBeVisible();
});

test('the admin saves a Work address on a profile, sees it again, then edits it', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const firstName = `Robin${Date.now()}`;
  const created = await page.request.post('/api/customers', {
    headers: writeHeaders(baseURL),
    data: { firstName, lastName: 'Addresses', phone: uniqueMobile() },
  });
  expect(created.status()).toBe(201);
  const name = `${firstName} Addresses`;

  await page.goto('/customers');
  const row = await searchCustomer(page, name);
  await row.click();
  const dialog = profileDialog(page);
  await expect(dialog.getByText('No saved addresses')).toBeVisible();

  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await dialog.getByRole('textbox', { name: 'Label' }).fill('Work');
  await dialog
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('1 St Georges Terrace, Perth WA 6000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const savedList = dialog.getByRole('listitem');
  await expect(savedList).toContainText('1 St Georges Terrace, Perth WA 6000');
  // The 'Customer saved' toast sits over the dialog's Close button for a while.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.click();
  await expect(savedList).toHaveCount(1);
  await expect(savedList).toContainText('Work');
  await expect(savedList).toContainText('1 St Georges Terrace, Perth WA 6000');

  await dialog.getByRole('button', { name: 'Edit' }).click();
  const address = dialog.getByRole('textbox', { name: 'Address', exact: true });
  await expect(address).toHaveValue('1 St Georges Terrace, Perth WA 6000');
  await address.fill('200 St Georges Terrace, Perth WA 6000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(savedList).toHaveCount(1);
  await expect(savedList).toContainText('Work');
  await expect(savedList).toContainText('200 St Georges Terrace, Perth WA 6000');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a new Standard HUG base fare in Settings → Fares prices the calculator at once', async ({
  page,
  baseURL,
}) => {
  // Room for the restore in `finally` even when a step above used up its time.
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await withTariffLock(baseURL, async () => {
    try {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Settings' })
        .click();
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Fares' })
        .click();
      await expect(page).toHaveURL('/settings/fares');
      const baseFare = page.getByRole('textbox', { name: 'Base fare, Standard HUG' });
      await expect(baseFare).toHaveValue('$5.00');
      await baseFare.fill('9');
      await page.getByRole('button', { name: 'Save fares' }).click();
      await expect(page.getByText('Fares saved. New quotes use them now.')).toBeVisible();
      await expect(baseFare).toHaveValue('$9.00');

      await page.goto('/calculator');
      await page.getByRole('combobox', { name: 'Pickup' }).fill('Perth Airport Terminal 1');
      await page.getByRole('option', { name: /^Perth Airport Terminal 1 \(T1\)/ }).click();
      await page.getByRole('combobox', { name: 'Dropoff' }).fill('Fremantle city centre');
      await page.getByRole('option', { name: /^Fremantle city centre/ }).click();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await page.getByRole('button', { name: 'Calculate Fare' }).click();
      const breakdown = page.getByRole('table', { name: 'Price breakdown' });
      await expect(breakdown).toBeVisible(FIRST_LOAD);
      await expect(page.getByText(/· Standard HUG$/)).toBeVisible();
      await expect(breakdown.getByRole('row', { name: 'Base Rate' })).toHaveText(/\$9\.00$/);
    } finally {
      const restored = await page.request.put('/api/settings/tariffs', {
        headers: writeHeaders(baseURL),
        data: DEFAULT_TARIFFS,
      });
      expect(restored.status()).toBe(200);
    }
  });
});

test('an invited dispatcher sets a password from the link in the outbox and signs in to Dispatch', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `invited.dispatcher.${Date.now()}@example.test`;
  const newPassword = 'a brand new passphrase';

  await signInAsAdmin(page);
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { name: 'Invite user' })).toBeVisible(FIRST_LOAD);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Invited');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Dispatcher');
  await page.getByRole('button', { name: 'Invite user' }).click();
  // The browser tests' server has no SMTP: the notice says the mail is only in the outbox.
  await expect(page.getByText('Invitation kept in the outbox')).toBeVisible();
  await expect(
    page.getByText(
      `No mail server is configured, so the invitation to ${email} is kept in Admin → Mail: give them its link yourself.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/mail?q=${encodeURIComponent(email)}`);
      const { mails } = (await response.json()) as { mails: { to: string; text: string }[] };
      const mail = mails.find((candidate) => candidate.to === email);
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeDefined();

  const context = await browser.newContext({ baseURL });
  try {
    const invitee = await context.newPage();
    await invitee.goto(link!);
    await expect(invitee).toHaveURL(/\/reset-password\?invited=1&token=/);
    await invitee.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await invitee.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    await invitee.getByRole('button', { name: 'Set my password' }).click();
    // Signed in with the password just set; the spent token left the address bar.
    await expect(invitee).toHaveURL('/dispatch');
    await expect(invitee.getByText('Role: dispatcher')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a dispatcher who opens /customers sees the Unauthorized page', async ({ page }) => {
  await openSignedIn(page, 'dispatcher', '/dispatch');
  await expect(page).toHaveURL('/dispatch', FIRST_LOAD);
  await page.goto('/customers');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('the Admin Dashboard shows live figures, alerts that lead where they are dealt with, a coming-soon action and Escape closes a dialog', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  const response = await page.request.get('/api/drivers');
  expect(response.status()).toBe(200);
  const { drivers } = (await response.json()) as { drivers: { status: string }[] };
  const activeDrivers = drivers.filter((driver) => driver.status === 'active').length;
  expect(activeDrivers).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  // Each card: its title, then the figure, then the change since yesterday.
  const card = (title: string) => page.getByText(title, { exact: true }).locator('xpath=../..');
  await expect(
    card('Active Drivers').getByText(String(activeDrivers), { exact: true }),
  ).toBeVisible(FIRST_LOAD);
  await expect(card("Today's Bookings")).toContainText(/Today's Bookings\d+/);
  await expect(card('Revenue')).toContainText(/Revenue\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('button', { name: /^Alerts: \d+\. Show the list$/ })).toBeVisible();

  // An alert is a link, named by its message, to where it is dealt with: a
  // booking dispatch has not given a driver, due in 2 minutes, opens on the
  // dashboard (an admin's role does not open Dispatch), and the list closes.
  // The list shows the 20 soonest: the other journeys' bookings, due later
  // in the hour, come after this one.
  const dispatcherContext = await browser.newContext();
  try {
    const dispatcher = await dispatcherContext.newPage();
    await openSignedIn(dispatcher, 'dispatcher', '/calculator');
    const passengerName = `Alerted Passenger${Math.floor(Math.random() * 1e6)}`;
    const created = await dispatcher.request.post('/api/bookings', {
      headers: writeHeaders(baseURL),
      data: {
        pickupLocation: 'Perth Airport T1, Perth Airport WA 6105, Australia',
        pickupLat: -31.9385,
        pickupLng: 115.9672,
        dropoffLocation: 'Fremantle WA 6160, Australia',
        dropoffLat: -32.0569,
        dropoffLng: 115.7439,
        pickupTime: new Date(Date.now() + 2 * 60_000).toISOString(),
        passengerName,
        phone: '0412345678',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { bookings } = (await created.json()) as {
      bookings: { id: string; reference: string }[];
    };
    const { id, reference } = bookings[0]!;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: /^Alerts: \d+\. Show the list$/ }).click();
    const alerts = page.getByRole('dialog', { name: 'Alerts' });
    const alert = alerts.getByRole('link', {
      name: new RegExp(`^Booking ${reference} for ${passengerName} at .+ has no driver yet\\.$`),
    });
    await alert.focus();
    await page.keyboard.press('Enter');
    await expect(alerts).toBeHidden();
    await expect(page).toHaveURL(`/admin?booking=${id}`);
    const booking = page.getByRole('dialog', { name: `Booking ${reference}` });
    await expect(booking.getByText(passengerName)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(booking).toBeHidden();
    await expect(page).toHaveURL('/admin');
    // Off the board again for whatever runs after.
    const cancelled = await dispatcher.request.post(`/api/bookings/${id}/status`, {
      headers: writeHeaders(baseURL),
      data: { status: 'cancelled' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  } finally {
    await dispatcherContext.close();
  }

  await page.getByRole('button', { name: 'Revenue Report' }).click();
  await expect(page.getByText('This feature is coming soon!')).toBeVisible();

  await page.getByRole('button', { name: 'Import Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Manager' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
