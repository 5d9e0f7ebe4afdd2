import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDate } from '../../src/domain/format';
import {
  acceptInvitation,
  FIRST_LOAD,
  giveVerifiedDocuments,
  origin,
  randomDigits,
} from './support/fleet';
import { openSignedIn } from './support/sessions';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// Issue 11's two document journeys, each with a driver of its own (the demo
// driver is other journeys' to move): the admin's papers work lets a driver
// start a shift, and an expired licence suspends one who has driven.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

const DRIVER_PASSWORD = 'documents driver passphrase';
// A phone photo: a JPEG (its type is read from these bytes, not the name).
const PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(2048, 0x20),
]);
const DAY_MS = 86_400_000;
// Perth keeps UTC+8 all year: the business's calendar day.
const PERTH_MS = 8 * 3_600_000;
const perthDay = (offsetDays: number) =>
  new Date(Date.now() + PERTH_MS + offsetDays * DAY_MS).toISOString().slice(0, 10);

type NewDriver = { id: string; name: string; email: string };

/**
 * Through the API, as the admin: a vehicle, a driver in it (invited by mail),
 * and every required paper of both uploaded and verified except `withhold`.
 */
async function addDriverWithPapers(admin: Page, withhold: string[] = []): Promise<NewDriver> {
  const headers = origin(admin);
  const plate = `1D${String.fromCharCode(65 + Math.floor(Math.random() * 26))}C ${randomDigits(3)}`;
  const vehicle = await admin.request.post('/api/vehicles', {
    headers,
    data: { registration: plate, type: 'Standard HUG', make: 'Toyota', model: 'Camry', seats: 4 },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const vehicleId = ((await vehicle.json()) as { vehicle: { id: string } }).vehicle.id;
  const lastName = `Papers${randomDigits(6)}`;
  const email = `${lastName.toLowerCase()}@example.test`;
  const created = await admin.request.post('/api/drivers', {
    headers,
    data: { firstName: 'Dora', lastName, phone: `041${randomDigits(7)}`, email },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { driver: { id: string } }).driver.id;
  const record = await admin.request.patch(`/api/drivers/${id}/record`, {
    headers,
    data: { vehicleId },
  });
  expect(record.status()).toBe(200);
  await giveVerifiedDocuments(admin, id, { withhold, expiresOn: perthDay(400) });
  return { id, name: `Dora ${lastName}`, email };
}

/** The driver's phone, signed in from the invitation. */
async function driverPhone(browser: Browser, admin: Page, driver: NewDriver) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // Kings Park: inside the dispatch map's first view.
    geolocation: { latitude: -31.9606, longitude: 115.8317 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await acceptInvitation(admin, page, driver.email, DRIVER_PASSWORD);
  return { context, page };
}

async function tryStartShift(phone: Page) {
  await phone.getByRole('button', { name: 'Start Shift' }).click();
  const sheet = phone.getByRole('dialog', { name: 'Start Shift' });
  await sheet.getByRole('button', { name: 'Start Shift' }).click();
  return sheet;
}

test("an admin uploads a driver's PTD photo in Driver Documentation and verifies it; the driver starts a shift", async ({
  page,
  browser,
}) => {
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
  const driver = await addDriverWithPapers(page, ['ptd']);
  const phone = await driverPhone(browser, page, driver);
  try {
    // Without the PTD authorization the shift is refused, naming it.
    const refused = await tryStartShift(phone.page);
    await expect(refused.getByRole('alert')).toContainText(
      'You cannot work until these documents are in order: PTD authorization is missing.',
    );

    // The admin uploads the photo of the PTD card on the driver's page.
    await page.goto(`/admin/drivers/${driver.id}`);
    const ptd = page.getByRole('region', { name: 'PTD authorization' });
    await expect(ptd.getByText('Missing')).toBeVisible(FIRST_LOAD);
    await ptd.getByRole('button', { name: 'Upload' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload PTD authorization' });
    await upload.getByLabel('Number').fill(`PTD${randomDigits(6)}`);
    await upload.getByLabel('Issue date').fill(perthDay(-30));
    await upload.getByLabel('Expiry date').fill(perthDay(700));
    await upload
      .getByLabel('Photo or PDF')
      .setInputFiles({ name: 'ptd-card.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload).toHaveCount(0);
    await expect(ptd.getByText('Unverified')).toBeVisible();
    await expect(ptd.getByText(`Issued: ${formatDate(perthDay(-30))}`)).toBeVisible();
    await expect(ptd.getByRole('link', { name: 'Download ptd-card.jpg' })).toBeVisible();

    await ptd.getByRole('button', { name: 'Verify' }).click();
    await expect(ptd.getByText('Verified', { exact: true })).toBeVisible();
    await expect(ptd.getByText(/^Verified by .+ on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByText('Documents in order').first()).toBeVisible();

    // The driver starts the shift from the phone.
    await phone.page.reload();
    const sheet = await tryStartShift(phone.page);
    await expect(sheet).toHaveCount(0);
    await expect(phone.page.getByRole('button', { name: 'End Shift' })).toBeVisible(FIRST_LOAD);
    // Off shift again, so other journeys' maps do not count this driver.
    await phone.page.getByRole('button', { name: 'End Shift' }).click();
  } finally {
    await phone.context.close();
  }
});

test("a licence expired yesterday suspends the driver: dispatch sees it on the map, and the driver's home says why before any tap", async ({
  page,
  browser,
}) => {
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
  const driver = await addDriverWithPapers(page);
  const phone = await driverPhone(browser, page, driver);
  const dispatcherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    // The driver has worked a shift, as a driver on the road has: the
    // suspension ends it and hands their jobs back.
    const headers = origin(phone.page);
    const shift = await phone.page.request.post('/api/drivers/me/shift', { headers, data: {} });
    expect(shift.status(), await shift.text()).toBe(200);
    const ended = await phone.page.request.post('/api/drivers/me/shift/end', { headers });
    expect(ended.status(), await ended.text()).toBe(200);
    // The driver's phone has a position (the map shows drivers where they are).
    const located = await phone.page.request.post('/api/drivers/me/location', {
      headers,
      data: { lat: -31.9606, lng: 115.8317 },
    });
    expect(located.status()).toBe(200);

    // The admin sets the licence's expiry to yesterday on the driver's page.
    await page.goto(`/admin/drivers/${driver.id}`);
    const licence = page.getByRole('region', { name: "Driver's licence" });
    await expect(licence.getByText('Valid')).toBeVisible(FIRST_LOAD);
    await licence.getByRole('button', { name: 'Change expiry' }).click();
    await licence.getByLabel('New expiry date').fill(perthDay(-1));
    await licence.getByRole('button', { name: 'Save expiry' }).click();
    await expect(licence.getByText('Expired', { exact: true })).toBeVisible();
    // The change is on the card, and the verification no longer claims the new date.
    await expect(licence.getByText('Unverified', { exact: true })).toBeVisible();
    await expect(
      licence.getByText(
        `Expiry changed from ${formatDate(perthDay(400))} to ${formatDate(perthDay(-1))} by`,
      ),
    ).toBeVisible();
    // The check runs now (it also runs at start and hourly): the driver is suspended.
    const check = await page.request.post('/api/compliance/check', { headers: origin(page) });
    expect(check.status()).toBe(200);
    await expect(
      page.getByText(`Driver's licence expired on ${formatDate(perthDay(-1))}`).first(),
    ).toBeVisible();

    // Dispatch sees the driver suspended on the map.
    const dispatcher = await dispatcherContext.newPage();
    await openSignedIn(dispatcher, 'dispatcher', '/dispatch');
    await expect(dispatcher).toHaveURL('/dispatch', FIRST_LOAD);
    const map = dispatcher.getByRole('region', { name: 'Driver map' });
    await expect(map.getByRole('img', { name: `${driver.name} (suspended)` })).toBeAttached(
      FIRST_LOAD,
    );
    await expect(dispatcher.getByText(/^Suspended: .*/)).toContainText(driver.name);

    // The driver is told at once, before any tap, which paper and what to do; Start Shift waits.
    await phone.page.reload();
    const suspended = phone.page.getByRole('alert', { name: /You are suspended/ });
    await expect(suspended).toContainText(
      `Driver's licence expired on ${formatDate(perthDay(-1))}`,
      FIRST_LOAD,
    );
    await expect(suspended.getByRole('link', { name: 'Open Documents' })).toBeVisible();
    await expect(phone.page.getByRole('button', { name: 'Start Shift' })).toBeDisabled();
  } finally {
    await phone.context.close();
    await dispatcherContext.close();
  }
});
