import { expect, test, type Page } from '@playwright/test';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

const PASSWORD = 'demo1234';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

const ROLES = [
  {
    email: 'admin@demo.test',
    role: 'admin',
    landing: '/admin',
    heading: 'Admin Dashboard',
    nav: ['Dashboard', 'Customers', 'Dispatch', 'Settings'],
  },
  {
    email: 'dispatcher@demo.test',
    role: 'dispatcher',
    landing: '/dispatch',
    heading: 'Dispatch',
    nav: ['Dispatch', 'Jobs', 'Timeline', 'Search'],
  },
  {
    email: 'driver@demo.test',
    role: 'driver',
    landing: '/driver',
    heading: 'Driver App',
    nav: ['Dashboard', 'Jobs', 'History', 'Documents'],
  },
] as const;

for (const account of ROLES) {
  test(`the ${account.role} signs in and lands on their area with exactly their nav`, async ({
    page,
  }) => {
    await signIn(page, account.email);
    await expect(page).toHaveURL(account.landing);
    await expect(page.getByRole('heading', { level: 1, name: account.heading })).toBeVisible();
    await expect(page.getByText(`Role: ${account.role}`)).toBeVisible();
    await expect(mainNav(page).getByRole('link')).toHaveText([...account.nav]);
    await expect(mainNav(page).getByRole('link', { name: account.nav[0] })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
}

test('an anonymous visitor to /dispatch is sent to sign in', async ({ page }) => {
  await page.goto('/dispatch');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('/ redirects to the calculator, the only nav item for a visitor', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/calculator');
  await expect(page.getByRole('heading', { name: 'Fare Calculator' }).first()).toBeVisible();
  await expect(mainNav(page).getByRole('link')).toHaveText(['Calculator']);
});

test('a driver visiting /admin sees the Unauthorized page, and Go Back goes back one step', async ({
  page,
}) => {
  await signIn(page, 'driver@demo.test');
  await expect(page).toHaveURL('/driver');
  await page.goto('/driver/jobs');
  await page.goto('/admin');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/driver/jobs');
});

test('signing out returns to /login and forgets the role', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await expect(page).toHaveURL('/dispatch');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText(/Role:/)).toHaveCount(0);
  await page.goto('/dispatch');
  await expect(page).toHaveURL('/login');
});

test('a focused text field shows the ring a focused button shows, not only a darker border', async ({
  page,
}) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  // The prerendered fields are enabled once React has hydrated them.
  await expect(email).toBeEnabled();
  const ring = (element: Element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  };
  await email.focus();
  const fieldRing = await email.evaluate(ring);
  // Reached from the keyboard: a button shows its ring only then.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeFocused();
  const buttonRing = await signIn.evaluate(ring);
  expect(buttonRing).toMatch(/^solid 2px /);
  expect(fieldRing).toBe(buttonRing);
});

test('a wrong password shows the error in a red box above the fields', async ({ page }) => {
  await signIn(page, 'admin@demo.test', 'not the password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/Invalid email or password/);
  const alertBox = await alert.boundingBox();
  const emailBox = await page.getByLabel('Email').boundingBox();
  expect(alertBox!.y).toBeLessThan(emailBox!.y);
  await expect(page).toHaveURL('/login');
});

test('a new visitor signs up and sees only the calculator', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Casey Visitor');
  await page.getByLabel('Email').fill(`casey.${Date.now()}@example.test`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/calculator');
  await expect(mainNav(page).getByRole('link')).toHaveText(['Calculator']);
  await expect(page.getByText('Your account is waiting for a role')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL('/unauthorized');
});
