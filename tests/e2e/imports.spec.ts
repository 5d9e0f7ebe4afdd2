import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn } from './support/sessions';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

const FIRST_LOAD = { timeout: 20_000 };
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

async function signInAsAdmin(page: Page) {
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
}

/** Seven random digits: names and phones nobody else in the run has. */
function unique(): string {
  return String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
}

async function openImportManager(page: Page) {
  await page.getByRole('button', { name: 'Import Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Manager' });
  await expect(dialog.getByRole('tab', { name: 'Import Data' })).toBeVisible();
  return dialog;
}

/** Downloads a template from the dialog's Templates tab, as the admin gets it. */
async function downloadTemplate(page: Page, dialog: Locator, title: string): Promise<string> {
  await dialog.getByRole('tab', { name: 'Templates' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: `Download ${title}` }).click(),
  ]);
  return fs.readFileSync((await download.path())!, 'utf8');
}

async function expectCustomerListed(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search customers' }).fill(name);
  await expect(page.getByRole('row', { name: `Open ${name}`, exact: true })).toBeVisible();
}

test('an admin imports a vCard of three contacts and finds them in Customer Management', async ({
  page,
}) => {
  const id = unique();
  const people = [
    { first: 'Grace', last: `Harris${id}`, phone: `041${id}` },
    { first: 'Ethan', last: `Brown${id}`, phone: `042${id}` },
    { first: 'Isla', last: `Murphy${id}`, phone: `043${id}` },
  ];
  const vcard = people
    .map((person) =>
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${person.last};${person.first};;;`,
        `FN:${person.first} ${person.last}`,
        `TEL;type=CELL;type=pref:${person.phone}`,
        `EMAIL;type=INTERNET:${person.first.toLowerCase()}.${id}@example.com.au`,
        'END:VCARD',
      ].join('\r\n'),
    )
    .join('\r\n');

  await signInAsAdmin(page);
  const dialog = await openImportManager(page);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'phone-contacts.vcf',
    mimeType: 'text/vcard',
    buffer: Buffer.from(vcard),
  });

  const preview = dialog.getByRole('table', { name: 'Preview' });
  for (const person of people) {
    await expect(preview.getByRole('row', { name: new RegExp(person.last) })).toContainText('New');
  }
  await expect(dialog.getByLabel('Total: 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm import' }).click();

  await expect(dialog.getByText('Import complete')).toBeVisible();
  await expect(dialog.getByLabel('Imported: 3')).toBeVisible();
  await expect(dialog.getByLabel('Errors: 0')).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Import history' }).getByText('phone-contacts.vcf').first(),
  ).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto('/customers');
  for (const person of people) await expectCustomerListed(page, `${person.first} ${person.last}`);
});

test('an admin downloads the Customer template, fills two rows and imports it', async ({
  page,
}) => {
  const id = unique();
  await signInAsAdmin(page);
  const dialog = await openImportManager(page);
  const template = await downloadTemplate(page, dialog, 'Customer Import Template');
  const [header] = template.split(/\r?\n/);
  expect(header).toBe('First Name,Last Name,Phone Number,Email Address,Home Address,Notes');
  const filled = [
    header,
    `Amelia,Template${id},0450 ${id.slice(0, 3)} ${id.slice(3, 6)},amelia.${id}@example.com.au,"8 Kings Park Rd, West Perth WA 6005",Child seat`,
    `Lucas,Template${id},0451 ${id.slice(0, 3)} ${id.slice(3, 6)},lucas.${id}@example.com.au,,`,
  ].join('\r\n');

  await dialog.getByRole('tab', { name: 'Import Data' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(filled),
  });
  await expect(dialog.getByText(/Customer Import Template, 2\s+rows/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm import' }).click();
  await expect(dialog.getByLabel('Imported: 2')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto('/customers');
  await expectCustomerListed(page, `Amelia Template${id}`);
  await expectCustomerListed(page, `Lucas Template${id}`);
});

test('an admin imports the Booking template’s example, filled in, and a dispatcher finds the booking in Jobs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  await signInAsAdmin(page);
  const dialog = await openImportManager(page);
  const template = await downloadTemplate(page, dialog, 'Booking Import Template');
  const [header, example] = template.trim().split(/\r?\n/);
  expect(header).toBe(
    'Pickup Date,Pickup Time,Pickup Address,Dropoff Address,Passenger Name,Passenger Phone,Passenger Email,Passengers,Suitcases,Vehicle Type,Notes',
  );
  // The example row as downloaded, with this passenger's name, phone and email.
  const passenger = `Olivia Import${id}`;
  const filled = example!
    .replace('Olivia Bennett', passenger)
    .replace('0412 345 678', `0455 ${id.slice(0, 3)} ${id.slice(3, 6)}`)
    .replace('olivia.bennett@example.com.au', `olivia.${id}@example.com.au`);
  const pickupDate = filled.split(',')[0]!;
  expect(pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await dialog.getByRole('tab', { name: 'Import Data' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bookings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, filled].join('\r\n')),
  });
  const preview = dialog.getByRole('table', { name: 'Preview' });
  const row = preview.getByRole('row', { name: new RegExp(`Import${id}`) });
  await expect(row).toContainText('New');
  await expect(row).toContainText('Perth Airport T1, Perth WA 6105');
  await expect(row).toContainText(`${passenger} (new customer)`);
  await dialog.getByRole('button', { name: 'Confirm import' }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await expect(dialog.getByLabel('Imported: 1')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.context().clearCookies();
  await openSignedIn(page, 'dispatcher', '/dispatch');
  await expect(page).toHaveURL('/dispatch', FIRST_LOAD);
  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs Overview' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(pickupDate);
  await page.getByLabel('To', { exact: true }).fill(pickupDate);
  await page.getByLabel('Search jobs').fill(`Import${id}`);
  const job = page.getByRole('row', { name: /^Job #/ });
  await expect(job).toHaveCount(1);
  await expect(job).toContainText(passenger);
  await expect(job).toContainText(/pending/i);
});

test('a double click on Confirm import imports once and the dialog keeps its report', async ({
  page,
}) => {
  const id = unique();
  // Enough rows that the preview is much taller than the progress and the report.
  const rows = Array.from({ length: 12 }, (_, index) => {
    const n = String(index).padStart(2, '0');
    return `Double${n},Click${id},0438 ${id.slice(0, 3)} ${id.slice(3, 4)}${n},,,`;
  });
  const csv = ['First Name,Last Name,Phone Number,Email Address,Home Address,Notes', ...rows];
  await signInAsAdmin(page);
  const dialog = await openImportManager(page);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: `double-${id}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.join('\r\n')),
  });
  await expect(dialog.getByLabel('Total: 12')).toBeVisible();
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/imports') {
      posts += 1;
    }
  });
  // Both clicks where the button is, as a person's double click: the second
  // lands on whatever has taken its place.
  await dialog.getByRole('button', { name: 'Confirm import' }).dblclick();

  await expect(dialog.getByText('Import complete')).toBeVisible();
  await expect(dialog.getByLabel('Imported: 12')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Import Manager' })).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Import history' }).getByText(`double-${id}.csv`),
  ).toHaveCount(1);
  expect(posts).toBe(1);
});
