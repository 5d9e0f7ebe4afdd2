import { expect, test, type Page } from '@playwright/test';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// One journey: Jobs Overview filters and bulk assignment, the Timeline, Search.
test.describe.configure({ timeout: 90_000 });

type ApiDriver = {
  id: string;
  firstName: string;
  lastName: string;
  status: string;
  vehicle: { registration: string } | null;
  location: { lat: number; lng: number } | null;
  createdAt: string;
};

async function signInAsDispatcher(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('dispatcher@demo.test');
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  await page.getByRole('textbox', { name: 'Password' }).press('Enter');
  await expect(page).toHaveURL('/dispatch', { timeout: 20_000 });
}

/** A pending booking at `pickup`, made through the API. */
async function createBooking(page: Page, passengerName: string, phone: string, pickup: Date) {
  const response = await page.request.post('/api/bookings', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      pickupLocation: 'Elizabeth Quay, Perth WA 6000, Australia',
      dropoffLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
      pickupTime: pickup.toISOString(),
      passengerName,
      phone,
    },
  });
  expect(response.status()).toBe(201);
  const { bookings } = (await response.json()) as { bookings: { reference: string }[] };
  return bookings[0]!.reference;
}

/** The Perth date of an instant, as the Jobs date filters take it. */
function perthDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(instant);
}

test('a dispatcher bulk-assigns unassigned jobs for today, sees them on the Timeline, and searches by phone and plate', async ({
  page,
}) => {
  await signInAsDispatcher(page);
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const surname = `Bulkrider${stamp}`;
  const phone = `+61491${stamp.slice(0, 3)}${stamp.slice(3)}`;
  // 40 minutes ahead: after 23:20 in Perth that is tomorrow, so the filters
  // take the pickup's own date, not today's (CI failed once at 23:45).
  const pickup = new Date(Date.now() + 40 * 60_000);
  const first = await createBooking(page, `Ada ${surname}`, phone, pickup);
  const second = await createBooking(
    page,
    `Bea ${surname}`,
    `0492 ${stamp.slice(0, 3)} ${stamp.slice(3)}`,
    pickup,
  );

  const drivers = (
    (await (await page.request.get('/api/drivers')).json()) as { drivers: ApiDriver[] }
  ).drivers;
  // A demo driver (the oldest), not one another spec made: the fleet journey
  // retires its new driver's vehicle while this one runs (CI failed once so).
  const byAge = [...drivers].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const driver = byAge.find((item) => item.status === 'active' && item.vehicle) ?? byAge[0]!;
  const driverName = `${driver.firstName} ${driver.lastName}`;

  // Jobs Overview: unassigned (pending, no driver) on the pickup's day.
  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs Overview' })).toBeVisible();
  await page.getByRole('button', { name: /^pending/ }).click();
  await page.getByRole('combobox', { name: 'Driver', exact: true }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await page.getByLabel('From', { exact: true }).fill(perthDate(pickup));
  await page.getByLabel('To', { exact: true }).fill(perthDate(pickup));
  await page.getByLabel('Search jobs').fill(surname);
  await expect(page.getByRole('row', { name: /^Job #/ })).toHaveCount(2);

  // The filters survive a reload.
  await page.reload();
  await expect(page.getByRole('row', { name: /^Job #/ })).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
  expect(new URL(page.url()).searchParams.get('driver')).toBe('none');
  await expect(page.getByLabel('Search jobs')).toHaveValue(surname);

  // Bulk assign both.
  await page.getByRole('checkbox', { name: 'Select all jobs on this page' }).check();
  await page.getByRole('combobox', { name: 'Driver to assign' }).click();
  await page.getByRole('option', { name: driverName, exact: true }).click();
  await page.getByRole('button', { name: 'Assign to driver' }).click();
  await expect(page.getByText('2 of 2 done')).toBeVisible();
  // They no longer match 'unassigned'.
  await expect(page.getByRole('row', { name: /^Job #/ })).toHaveCount(0);

  // The Timeline shows both assignments, newest first.
  await page.getByRole('link', { name: 'Timeline' }).click();
  for (const reference of [first, second]) {
    await expect(page.getByRole('article', { name: `Assigned #${reference}` })).toContainText(
      `to ${driverName}`,
    );
  }

  // Search: the customer by a differently formatted phone, the car by plate, saying who drives it.
  await page.getByRole('link', { name: 'Search' }).first().click();
  const box = page.getByPlaceholder('Search jobs, drivers, or locations...');
  await box.fill(`0491 ${stamp.slice(0, 3)} ${stamp.slice(3)}`);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('region', { name: 'Customers' })).toContainText(`Ada ${surname}`);

  if (driver.vehicle) {
    const plate = driver.vehicle.registration;
    await box.fill(plate.toLowerCase());
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const vehicles = page.getByRole('region', { name: 'Vehicles' });
    await expect(vehicles).toContainText(plate);
    await expect(vehicles).toContainText(driverName);
  }
  await expect(page.getByRole('heading', { name: 'Recent Searches' })).toBeVisible();

  // A driver result opens the driver on the dispatch map: their popup, or why it cannot.
  await box.fill(driverName);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('region', { name: 'Drivers' }).getByRole('button').first().click();
  await expect(page).toHaveURL(`/dispatch?driver=${driver.id}`);
  if (driver.status === 'active' && driver.location) {
    await expect(page.locator('.leaflet-popup-content')).toContainText(driverName);
  } else {
    await expect(
      page.getByRole('region', { name: 'On shift, position unknown' }).getByRole('status'),
    ).toContainText(`${driverName}`);
  }
});
