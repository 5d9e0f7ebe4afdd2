import { expect, test } from '@playwright/test';
import { FIRST_LOAD } from './support/fleet';
import { openSignedIn } from './support/sessions';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test('Back and closing the tab ask before a half-typed form is lost; Stay keeps it, Leave goes', async ({
  page,
}) => {
  await openSignedIn(page, 'admin', '/admin');
  await expect(page).toHaveURL('/admin', FIRST_LOAD);
  await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
  await expect(page).toHaveURL('/admin/vehicles');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const form = page.getByRole('dialog', { name: 'Add Vehicle' });
  // Typed key by key: the browser asks on closing only after the person acted on the page.
  await form.getByLabel('Make').pressSequentially('Toyota');

  // Back: the app asks, and Stay keeps the page and what was typed.
  await page.evaluate(() => history.back());
  const question = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL('/admin/vehicles');
  await expect(form.getByLabel('Make')).toHaveValue('Toyota');

  // Closing the tab: the browser's own question; dismissed, the page stays.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(form.getByLabel('Make')).toHaveValue('Toyota');

  // Back again, and Leave: the dashboard, nothing asked on the way.
  await page.evaluate(() => history.back());
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
