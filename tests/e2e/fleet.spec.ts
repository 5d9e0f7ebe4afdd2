import { expect, test } from '@playwright/test';
import {
  acceptInvitation,
  FIRST_LOAD,
  giveVerifiedDocuments,
  origin,
  randomDigits,
} from './support/fleet';
import { openSignedIn } from './support/sessions';
import { logPageHealth, reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// One long journey across three people on a loaded machine.
test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

// Rockingham, far from the CBD pickups other journeys use: the new driver is never
// their nearest driver, and is nearest to this journey's own pickup.
const PICKUP = { lat: -32.2793, lng: 115.7297 };
const NEAR_PICKUP = { lat: -32.2795, lng: 115.7299 };

test('an admin adds a driver and a vehicle; the driver signs in and is assigned; the vehicle is retired', async ({
  page,
  browser,
  baseURL,
}) => {
  const plate = `1E${String.fromCharCode(65 + Math.floor(Math.random() * 26))}Z ${randomDigits(3)}`;
  const firstName = 'Fleur';
  const lastName = `Fleet${randomDigits(5)}`;
  const name = `${firstName} ${lastName}`;
  const email = `${lastName.toLowerCase()}@example.test`;
  const phone = `041${randomDigits(7)}`;
  const newPassword = 'fleet driver passphrase';

  // 1. The admin adds a vehicle.
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
  await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
  await expect(page).toHaveURL('/admin/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const vehicleDialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await vehicleDialog.getByLabel('Registration Plate').fill(plate.toLowerCase());
  await vehicleDialog.getByLabel('Make').fill('Toyota');
  await vehicleDialog.getByLabel('Model').fill('Camry Hybrid');
  await vehicleDialog.getByLabel('Colour').fill('White');
  await vehicleDialog.getByLabel('Year').fill('2024');
  await vehicleDialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(vehicleDialog).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(plate);
  await expect(page.getByRole('cell', { name: plate, exact: true })).toBeVisible();

  // 2. The admin adds the driver, which invites their account, and gives them the vehicle.
  await page.goto('/admin/drivers');
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const driverDialog = page.getByRole('dialog', { name: 'Add Driver' });
  await driverDialog.getByLabel('First Name').fill(firstName);
  await driverDialog.getByLabel('Last Name').fill(lastName);
  await driverDialog.getByLabel('Phone').fill(phone);
  await driverDialog.getByLabel('Email').fill(email);
  await driverDialog.getByLabel('Licence Number').fill(`WA${randomDigits(6)}`);
  await driverDialog.getByRole('button', { name: 'Add Driver' }).click();
  await expect(page).toHaveURL(/\/admin\/drivers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No ratings yet').first()).toBeVisible();
  // A new driver has no papers yet: the profile's Document status says so, from the rule.
  const documentStatus = page.getByRole('region', { name: 'Document status' });
  await expect(documentStatus.getByText('Cannot work yet')).toBeVisible();
  await expect(
    documentStatus.getByRole('row', { name: /^Driver's licence Missing/ }),
  ).toBeVisible();
  const driverId = page.url().split('/').pop()!;

  await page.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Driver' });
  await editDialog.getByRole('combobox', { name: 'Current Vehicle' }).click();
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  await editDialog.getByRole('button', { name: 'Save Driver' }).click();
  await expect(editDialog).toHaveCount(0);
  // Off shift, the car the admin gave them is their usual one, not one they are in.
  const currentVehicle = page.getByText('Current vehicle', { exact: true }).locator('xpath=..');
  await expect(currentVehicle).toContainText(`None usually ${plate} · Standard HUG`, {
    useInnerText: true,
  });
  await giveVerifiedDocuments(page, driverId);

  // 3. The driver sets a password from the invitation and signs in.
  const driverContext = await browser.newContext({ baseURL });
  const dispatcherContext = await browser.newContext({ baseURL });
  try {
    const driverPage = await driverContext.newPage();
    await acceptInvitation(page, driverPage, email, newPassword);
    // Until the driver app's Start Shift exists, the phone reports its position through the API.
    const located = await driverPage.request.post('/api/drivers/me/location', {
      headers: origin(driverPage),
      data: NEAR_PICKUP,
    });
    expect(located.status()).toBe(200);

    // 4. The dispatcher sees the driver, puts them on shift and assigns them a job.
    const dispatcher = await dispatcherContext.newPage();
    await openSignedIn(dispatcher, 'dispatcher', '/dispatch');
    await expect(dispatcher).toHaveURL('/dispatch', FIRST_LOAD);
    const list = await dispatcher.request.get('/api/drivers');
    const { drivers } = (await list.json()) as { drivers: { id: string }[] };
    expect(drivers.map((driver) => driver.id)).toContain(driverId);
    const onShift = await dispatcher.request.patch(`/api/drivers/${driverId}`, {
      headers: origin(dispatcher),
      data: { status: 'active' },
    });
    expect(onShift.status()).toBe(200);

    const passenger = `Fleet Rider ${randomDigits(6)}`;
    const created = await dispatcher.request.post('/api/bookings', {
      headers: origin(dispatcher),
      data: {
        pickupLocation: 'Rockingham Beach, Rockingham WA 6168, Australia',
        pickupLat: PICKUP.lat,
        pickupLng: PICKUP.lng,
        dropoffLocation: 'Perth Airport T1, Perth Airport WA 6105, Australia',
        dropoffLat: -31.9385,
        dropoffLng: 115.9672,
        pickupTime: new Date(Date.now() + 26 * 3_600_000).toISOString(),
        passengerName: passenger,
        phone: `041${randomDigits(7)}`,
        numPassengers: 6,
        vehicleType: 'Multivan 6',
      },
    });
    expect(created.status()).toBe(201);

    await dispatcher.getByPlaceholder('Search bookings...').fill(passenger);
    await dispatcher
      .getByRole('listbox', { name: 'Bookings' })
      .getByRole('option', { name: new RegExp(passenger) })
      .click();
    const assign = dispatcher
      .getByRole('region', { name: 'Booking details' })
      .getByRole('region', { name: 'Assign' });
    await expect(assign).toContainText(name);
    await expect(assign).toContainText(`Standard HUG · ${plate}`);
    await assign.getByRole('button', { name: `Assign ${name}` }).click();
    // Six passengers in a sedan: assigned anyway, with a warning.
    await expect(
      dispatcher.getByRole('alert').filter({ hasText: 'Driver assigned: vehicle too small' }),
    ).toContainText('This job needs a Multivan 6');
    await expect(
      dispatcher.getByRole('region', { name: 'Booking details' }).getByText(name).first(),
    ).toBeVisible();
    // Off shift again at once, so the other journeys' driver maps do not count them.
    const offShift = await dispatcher.request.patch(`/api/drivers/${driverId}`, {
      headers: origin(dispatcher),
      data: { status: 'offline' },
    });
    expect(offShift.status()).toBe(200);
  } catch (error) {
    // These two pages close below, before the file's after-failure report.
    await logPageHealth(browser);
    throw error;
  } finally {
    await driverContext.close();
    await dispatcherContext.close();
  }

  // 5. The admin deactivates the vehicle: it is no longer offered.
  await page.goto('/admin/vehicles');
  await page.getByRole('textbox', { name: 'Search vehicles' }).fill(plate);
  // The whole fleet shows until the search applies: a click aimed at the
  // plate's row there landed on the empty space the filtered table left.
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Deactivate ${plate}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: `Deactivate ${plate}` })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(plate) })).toContainText('Inactive');

  await page.goto(`/admin/drivers/${driverId}`);
  await expect(page.getByText('Current vehicle', { exact: true }).locator('xpath=..')).toHaveText(
    /^Current vehicle\s*None$/i,
    FIRST_LOAD,
  );
  await page.getByRole('button', { name: 'Edit' }).click();
  const again = page.getByRole('dialog', { name: 'Edit Driver' });
  await again.getByRole('combobox', { name: 'Current Vehicle' }).click();
  // The picker lists the active vehicles, and this one no longer.
  const offered = page.getByRole('listbox').getByRole('option');
  await expect(offered.first()).toBeVisible();
  await expect(offered.filter({ hasText: plate })).toHaveCount(0);
});
