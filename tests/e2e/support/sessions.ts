import fs from 'node:fs';
import path from 'node:path';
import { test, type BrowserContext, type Page } from '@playwright/test';

// The journeys that start as a demo account open their first page already
// signed in, with a session the 'sessions' project made once per run through
// the API (sessions.setup.ts), instead of typing the password each time.
// Signing in through the form is sign-in.spec.ts's journey, for every role;
// a journey's new account still signs in through the form.

export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  dispatcher: 'dispatcher@demo.test',
  driver: 'driver@demo.test',
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** In the run's output folder, which is one per port (playwright.config.ts). */
export function sessionFile(role: DemoRole): string {
  return path.join(test.info().project.outputDir, 'sessions', `${role}.json`);
}

/** Opens `url` in the page's browser context signed in as the demo account. */
export async function openSignedIn(page: Page, role: DemoRole, url: string) {
  const { cookies } = JSON.parse(fs.readFileSync(sessionFile(role), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await page.context().addCookies(cookies);
  await page.goto(url);
}
