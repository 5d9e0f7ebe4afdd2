import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  expect,
  request as playwrightRequest,
  test,
  type FrameLocator,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// Spec section 5, character for character (its odd spacing included).
const STANDARD_FULL_WARNING =
  'All seats occupied, standard vehicle luggage capacity is now limited to maximum large suitcases = 2 + carry on or medium suitcases = 3 + carryon only, or combinations similar, please consider Multivan 6 or Imax 7 to avoid cancellation fee if requested vehicle dispatched is inadequate';
const MISSING_LOCATIONS_MESSAGE = 'Please enter both pickup and dropoff locations';
const ROUTE_FAILED_MESSAGE = 'Could not calculate route. Please check the addresses and try again.';

const AIRPORT = { typed: 'Perth Airport', option: /^Perth Airport Terminal 1 \(T1\)/ };
const FREMANTLE = { typed: 'Fremantle', option: /^Fremantle city centre/ };

// The first load of a page fetches its lazy modules; the offline gazetteer
// loads on the first search. Both are slow on a busy two-core machine.
const SLOW = { timeout: 20_000 };

type Place = { id: string; address: string; lat: number; lng: number };
type RouteResult = { distanceMeters: number; durationSeconds: number };
type Quote = {
  vehicleType: string;
  baseRate: number;
  distanceCost: number;
  timeCost: number;
  childSeatFee: number;
  calculatedFare: number;
  roundedFare: number;
  minimumApplied: boolean;
};

type Scope = Page | FrameLocator;

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const dollars = (amount: number) => AUD.format(amount);
const kmText = (meters: number) => `${(Math.round(meters / 100) / 10).toFixed(1)} km`;
const minutesText = (seconds: number) => `${Math.ceil(seconds / 60)} min`;

function isPath(response: Response, method: string, test: (path: string) => boolean): boolean {
  return response.request().method() === method && test(new URL(response.url()).pathname);
}

/** Types into an address field and chooses the matching suggestion; returns the place chosen. */
async function chooseAddress(
  page: Page,
  scope: Scope,
  label: 'Pickup' | 'Dropoff',
  address: { typed: string; option: RegExp },
): Promise<Place> {
  const field = scope.getByRole('combobox', { name: label });
  await field.fill(address.typed);
  const option = scope.getByRole('option', { name: address.option });
  await expect(option).toBeVisible(SLOW);
  const details = page.waitForResponse((response) =>
    isPath(response, 'GET', (path) => path.startsWith('/api/places/')),
  );
  // Chosen with the arrow keys and Enter, as a keyboard user does: a click
  // could land while the suggestions' popover was still moving into place
  // ("not stable", or another element receiving the click).
  const wantedId = await option.getAttribute('id');
  await expect(async () => {
    await field.press('ArrowDown');
    expect(await field.getAttribute('aria-activedescendant')).toBe(wantedId);
  }).toPass({ intervals: [0], timeout: 10_000 });
  await field.press('Enter');
  const place = (await (await details).json()) as Place;
  await expect(field).toHaveValue(place.address);
  return place;
}

/** Presses Calculate Fare and returns the page's own route answer. */
async function calculate(page: Page, scope: Scope): Promise<RouteResult> {
  const routeResponse = page.waitForResponse((response) =>
    isPath(response, 'POST', (path) => path === '/api/routes'),
  );
  await scope.getByRole('button', { name: 'Calculate Fare' }).click();
  const response = await routeResponse;
  expect(response.status()).toBe(200);
  return (await response.json()) as RouteResult;
}

async function planAirportToFremantle(page: Page, scope: Scope = page) {
  const pickup = await chooseAddress(page, scope, 'Pickup', AIRPORT);
  const dropoff = await chooseAddress(page, scope, 'Dropoff', FREMANTLE);
  const route = await calculate(page, scope);
  return { pickup, dropoff, route };
}

async function quoteFromApi(
  page: Page,
  baseURL: string,
  input: RouteResult & { vehicleType: string; childSeats: boolean },
): Promise<Quote> {
  const response = await page.request.post('/api/quotes', {
    headers: { origin: baseURL },
    data: {
      distanceMeters: input.distanceMeters,
      durationSeconds: input.durationSeconds,
      vehicleType: input.vehicleType,
      childSeats: input.childSeats,
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Quote;
}

function routeRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Route' });
}

function breakdownAmount(page: Page, label: string): Locator {
  return page
    .getByRole('table', { name: 'Price breakdown' })
    .getByRole('row', { name: label })
    .getByRole('cell');
}

/** The message of the next alert, which is accepted. */
function nextDialogMessage(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

async function openCalculator(page: Page) {
  await page.goto('/calculator');
  await expect(page.getByRole('heading', { level: 1, name: 'Fare Calculator' })).toBeVisible(SLOW);
}

test('a visitor prices Perth Airport to Fremantle and sees the server quote in the breakdown', async ({
  page,
  baseURL,
}) => {
  await openCalculator(page);
  const { pickup, dropoff, route } = await planAirportToFremantle(page);
  expect(pickup.address).toMatch(/^Perth Airport Terminal 1/);
  expect(dropoff.address).toMatch(/^Fremantle/);

  // The page asked for the route between the chosen places.
  const direct = await page.request.post('/api/routes', {
    headers: { origin: baseURL! },
    data: {
      origin: { lat: pickup.lat, lng: pickup.lng },
      destination: { lat: dropoff.lat, lng: dropoff.lng },
      stopovers: [],
    },
  });
  const directRoute = (await direct.json()) as RouteResult;
  expect(directRoute.distanceMeters).toBe(route.distanceMeters);
  expect(directRoute.durationSeconds).toBe(route.durationSeconds);

  const summary = routeRegion(page);
  await expect(summary.getByText('Distance', { exact: true })).toBeVisible();
  await expect(summary.getByText('Duration', { exact: true })).toBeVisible();
  await expect(summary.getByText(kmText(route.distanceMeters), { exact: true })).toBeVisible();
  await expect(
    summary.getByText(minutesText(route.durationSeconds), { exact: true }),
  ).toBeVisible();
  expect(kmText(route.distanceMeters)).toMatch(/^\d+\.\d km$/);

  const quote = await quoteFromApi(page, baseURL!, {
    ...route,
    vehicleType: 'Standard HUG',
    childSeats: false,
  });
  await expect(breakdownAmount(page, 'Base Rate')).toHaveText(dollars(quote.baseRate));
  await expect(breakdownAmount(page, 'Distance Cost')).toHaveText(dollars(quote.distanceCost));
  await expect(breakdownAmount(page, 'Time Cost')).toHaveText(dollars(quote.timeCost));
  await expect(breakdownAmount(page, 'Calculated Fare')).toHaveText(dollars(quote.calculatedFare));
  await expect(breakdownAmount(page, 'Rounded Fare')).toHaveText(dollars(quote.roundedFare));
  await expect(page.getByRole('row', { name: /Child Seat Installation/ })).toHaveCount(0);
  // Spec 9: the rounded fare is the calculated fare rounded up to a multiple of 5.
  expect(quote.roundedFare % 5).toBe(0);
  expect(quote.roundedFare).toBeGreaterThanOrEqual(quote.calculatedFare);
  expect(quote.roundedFare - quote.calculatedFare).toBeLessThan(5);
});

test('the vehicle follows passengers and luggage, and a full Standard HUG shows the luggage warning', async ({
  page,
}) => {
  await openCalculator(page);
  const passengers = page.getByRole('textbox', { name: 'Passengers' });
  const vehicle = page.getByRole('combobox', { name: 'Vehicle Type' });
  const sporting = page.getByRole('checkbox', { name: 'Sporting Equipment' });
  const warning = page.getByText(STANDARD_FULL_WARNING, { exact: true });

  await expect(passengers).toHaveValue('1');
  await expect(vehicle).toHaveValue('Standard HUG');

  await sporting.check();
  await expect(vehicle).toHaveValue('Multivan 6');
  await sporting.uncheck();
  await expect(vehicle).toHaveValue('Standard HUG');

  await passengers.fill('5');
  await expect(vehicle).toHaveValue('Multivan 6');
  await passengers.fill('7');
  await expect(vehicle).toHaveValue('Imax 7');
  await expect(warning).toHaveCount(0);

  await passengers.fill('4');
  await expect(vehicle).toHaveValue('Standard HUG');
  await expect(warning).toBeVisible();

  // Sporting equipment with four passengers moves them to a Multivan 6: no warning.
  await sporting.check();
  await expect(vehicle).toHaveValue('Multivan 6');
  await expect(warning).toHaveCount(0);
});

test('ticking Child Seats adds the $5.00 installation row to the calculated fare', async ({
  page,
  baseURL,
}) => {
  await openCalculator(page);
  const { route } = await planAirportToFremantle(page);
  const withoutSeats = await quoteFromApi(page, baseURL!, {
    ...route,
    vehicleType: 'Standard HUG',
    childSeats: false,
  });
  // A long trip: the minimum fare does not swallow the seat fee.
  expect(withoutSeats.minimumApplied).toBe(false);
  await expect(breakdownAmount(page, 'Calculated Fare')).toHaveText(
    dollars(withoutSeats.calculatedFare),
  );
  await expect(page.getByText(/^Minimum fare of/)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Child Seats' }).check();

  await expect(breakdownAmount(page, 'Child Seat Installation')).toHaveText('$5.00');
  const withSeatsFare = Math.round(withoutSeats.calculatedFare * 100 + 500) / 100;
  await expect(breakdownAmount(page, 'Calculated Fare')).toHaveText(dollars(withSeatsFare));
  const withSeats = await quoteFromApi(page, baseURL!, {
    ...route,
    vehicleType: 'Standard HUG',
    childSeats: true,
  });
  expect(withSeats.calculatedFare).toBe(withSeatsFare);
  await expect(breakdownAmount(page, 'Rounded Fare')).toHaveText(dollars(withSeats.roundedFare));

  await page.getByRole('checkbox', { name: 'Child Seats' }).uncheck();
  await expect(page.getByRole('row', { name: /Child Seat Installation/ })).toHaveCount(0);
  await expect(breakdownAmount(page, 'Calculated Fare')).toHaveText(
    dollars(withoutSeats.calculatedFare),
  );
});

test('Calculate Fare stays disabled until both pickup and dropoff are filled', async ({ page }) => {
  await openCalculator(page);
  const button = page.getByRole('button', { name: 'Calculate Fare' });
  const pickup = page.getByRole('combobox', { name: 'Pickup' });
  const dropoff = page.getByRole('combobox', { name: 'Dropoff' });

  // The spec's 'Please enter both pickup and dropoff locations' alert guards the
  // same condition as the disabled state, so pressing the button cannot raise it.
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });

  await expect(button).toBeDisabled();
  await pickup.fill('Perth Airport');
  await expect(button).toBeDisabled();
  await dropoff.fill('   ');
  await expect(button).toBeDisabled();
  await dropoff.fill('Fremantle');
  await expect(button).toBeEnabled();
  await pickup.fill('');
  await expect(button).toBeDisabled();
  await button.click({ force: true });
  await expect(
    page.getByText('Enter the pickup and dropoff, then press Calculate Fare'),
  ).toBeVisible();
  expect(alerts).not.toContain(MISSING_LOCATIONS_MESSAGE);
  expect(alerts).toEqual([]);
});

test("a phone's fields are 16 px, so iPhone Safari does not zoom into them; a desktop keeps 14 px", async ({
  browser,
  page,
}) => {
  /** The font size of every visible field on /calculator and /book. */
  const fieldSizes = async (on: Page) => {
    const sizes: string[] = [];
    for (const path of ['/calculator', '/book']) {
      await on.goto(path);
      const fields = on.locator('.mantine-Input-input:visible');
      await expect(fields.first()).toBeVisible(SLOW);
      sizes.push(
        ...(await fields.evaluateAll((elements) =>
          elements.map((element) => getComputedStyle(element).fontSize),
        )),
      );
    }
    return sizes;
  };
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const sizes = await fieldSizes(await phone.newPage());
    expect(sizes.length).toBeGreaterThan(5);
    expect(new Set(sizes)).toEqual(new Set(['16px']));
  } finally {
    await phone.close();
  }
  expect(new Set(await fieldSizes(page))).toEqual(new Set(['14px']));
});

test('an address with no match raises the route alert and shows no result', async ({ page }) => {
  await openCalculator(page);
  await page.getByRole('combobox', { name: 'Pickup' }).fill('zzzz qqqq');
  await chooseAddress(page, page, 'Dropoff', FREMANTLE);

  const message = nextDialogMessage(page);
  await page.getByRole('button', { name: 'Calculate Fare' }).click();
  expect(await message).toBe(ROUTE_FAILED_MESSAGE);

  await expect(page.getByRole('button', { name: 'Calculate Fare' })).toBeEnabled();
  await expect(routeRegion(page).getByText('Distance', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Price breakdown' })).toHaveCount(0);
});

test('a failing route service raises the route alert and clears the previous result', async ({
  page,
}) => {
  await openCalculator(page);
  const { route } = await planAirportToFremantle(page);
  const summary = routeRegion(page);
  await expect(summary.getByText(kmText(route.distanceMeters), { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Price breakdown' })).toBeVisible();

  await page.route('**/api/routes', (intercepted) =>
    intercepted.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'maps_unavailable', message: 'The routing service is unavailable.' },
      }),
    }),
  );
  const message = nextDialogMessage(page);
  await page.getByRole('button', { name: 'Calculate Fare' }).click();
  expect(await message).toBe(ROUTE_FAILED_MESSAGE);

  await expect(summary.getByText('Distance', { exact: true })).toHaveCount(0);
  await expect(summary.getByText('Duration', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Price breakdown' })).toHaveCount(0);
  await expect(
    page.getByText('Enter the pickup and dropoff, then press Calculate Fare'),
  ).toBeVisible();
});

test('Book Now carries the quote to /book, the request reaches dispatch as pending', async ({
  page,
  baseURL,
}) => {
  await openCalculator(page);
  await page.getByRole('textbox', { name: 'Passengers' }).fill('3');
  const { pickup, dropoff, route } = await planAirportToFremantle(page);
  const quote = await quoteFromApi(page, baseURL!, {
    ...route,
    vehicleType: 'Standard HUG',
    childSeats: false,
  });
  await expect(breakdownAmount(page, 'Rounded Fare')).toHaveText(dollars(quote.roundedFare));

  await page.getByRole('link', { name: 'Book Now' }).first().click();
  await expect(page).toHaveURL(/\/book\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a ride' })).toBeVisible(SLOW);
  const summary = page.getByRole('table', { name: 'Trip summary' });
  const row = (label: string) => summary.getByRole('row', { name: label }).getByRole('cell');
  await expect(row('Pickup')).toHaveText(pickup.address);
  await expect(row('Dropoff')).toHaveText(dropoff.address);
  await expect(row('Vehicle')).toHaveText('Standard HUG');
  await expect(row('Passengers')).toHaveText('3 passengers');
  await expect(row('Quoted fare')).toHaveText(dollars(quote.roundedFare));

  const passengerName = `Calc Journey ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Full name' }).fill(passengerName);
  await page.getByRole('textbox', { name: 'Mobile phone' }).fill('0412 345 678');
  await pickTomorrowAt1030(page);

  const created = page.waitForResponse((response) =>
    isPath(response, 'POST', (path) => path === '/api/online-bookings'),
  );
  await page.getByRole('button', { name: 'Request booking' }).click();
  const createdResponse = await created;
  expect(createdResponse.status()).toBeLessThan(300);
  const { booking } = (await createdResponse.json()) as { booking: { reference: string } };

  await expect(page.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
  await expect(page.getByText('Your booking reference')).toBeVisible();
  await expect(page.getByText(booking.reference, { exact: true })).toBeVisible();

  const dispatcher = await playwrightRequest.newContext({ baseURL: baseURL! });
  try {
    const signIn = await dispatcher.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL! },
      data: { email: 'dispatcher@demo.test', password: 'demo1234' },
    });
    expect(signIn.status()).toBe(200);
    const list = await dispatcher.get(`/api/bookings?q=${encodeURIComponent(booking.reference)}`);
    expect(list.status()).toBe(200);
    const { bookings } = (await list.json()) as {
      bookings: {
        reference: string;
        status: string;
        fareAmount: number;
        passengerName: string;
        source: string;
      }[];
    };
    const found = bookings.find((candidate) => candidate.reference === booking.reference);
    expect(found).toMatchObject({
      status: 'pending',
      fareAmount: quote.roundedFare,
      passengerName,
      source: 'online',
    });
  } finally {
    await dispatcher.dispose();
  }
});

/** Tomorrow (Perth's calendar) in the pickup calendar, at 10:30 am typed as '1030'. */
async function pickTomorrowAt1030(page: Page) {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Perth',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(tomorrow);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
  const dayLabel = `${part('day')} ${part('month')} ${part('year')}`;

  await page.getByRole('button', { name: 'Pickup date and time: date' }).click();
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible();
  const day = picker.getByRole('button', { name: dayLabel, exact: true });
  // Tomorrow may be in the next month, which this grid may not show.
  if ((await day.count()) === 0) {
    await picker.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  await expect(picker).toBeHidden();
  // Typed the way people write it, and read back in words.
  await page.getByRole('textbox', { name: 'Pickup date and time: time' }).fill('1030');
  await expect(page.getByText(/^\w{3}, \w{3} \d{1,2}(, \d{4})?, 10:30 am$/)).toBeVisible();
}

/**
 * The operator's own website, on another origin. A real local server rather
 * than page.route: Chromium's Local Network Access checks block a page that
 * is not on the local network (a routed or about:blank page) from framing
 * localhost, which a widget on a public server would never meet.
 */
async function startOperatorSite(baseURL: string): Promise<{ url: string; close: () => void }> {
  const html = `<!doctype html><title>Operator site</title><h1>Our rides</h1>
    <iframe title="Fare calculator" src="${baseURL}/widget" width="400" height="640"></iframe>
    <iframe title="Full calculator" src="${baseURL}/calculator" width="400" height="200"></iframe>`;
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

test('the widget works inside an iframe on another site', async ({ page, baseURL }) => {
  const site = await startOperatorSite(baseURL!);
  try {
    await page.goto(site.url);
    expect(new URL(site.url).origin).not.toBe(new URL(baseURL!).origin);
    const widget = page.frameLocator('iframe[title="Fare calculator"]');
    await expect(widget.getByRole('heading', { name: 'Fare Calculator' })).toBeVisible(SLOW);
    // Only the widget may be framed by other sites; the full calculator refuses.
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toContain('chrome-error://chromewebdata/');
    await expect(widget.getByRole('link', { name: /Book Now/ })).toHaveCount(0);

    const { route } = await planAirportToFremantle(page, widget);
    const quote = await quoteFromApi(page, baseURL!, {
      ...route,
      vehicleType: 'Standard HUG',
      childSeats: false,
    });
    await expect(widget.getByText(kmText(route.distanceMeters), { exact: true })).toBeVisible();
    await expect(widget.getByText(dollars(quote.roundedFare), { exact: true })).toBeVisible();
    // Book Now leaves the frame for our own booking page.
    const bookNow = widget.getByRole('link', { name: /Book Now/ });
    await expect(bookNow).toHaveAttribute('href', new RegExp(`^${baseURL}/book\\?`));
    await expect(bookNow).toHaveAttribute('target', '_blank');
  } finally {
    site.close();
  }
});

test('hydrating /book keeps the prerendered form as it was: the same field ids, then enabled', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/book')).text();
  const prerenderedIds = [...html.matchAll(/<(?:input|textarea|select)[^>]* id="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  expect(prerenderedIds.length).toBeGreaterThan(5);
  await page.goto('/book');
  // Enabled once React has hydrated (the gate), after every mount effect ran:
  // Mantine swapped each field's id for a random one there (decision 74).
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeEnabled();
  const ids = await page
    .locator('input[id], textarea[id], select[id]')
    .evaluateAll((fields) => fields.map((field) => field.id));
  expect(ids).toEqual(expect.arrayContaining(prerenderedIds));
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages already show their heading and form', async ({ page }) => {
    await page.goto('/calculator');
    await expect(page.getByRole('heading', { name: 'Fare Calculator', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Enter pickup address')).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the calculator fits a 375 px screen without horizontal scrolling', async ({
    page,
    baseURL,
  }) => {
    await openCalculator(page);
    const { route } = await planAirportToFremantle(page);
    const quote = await quoteFromApi(page, baseURL!, {
      ...route,
      vehicleType: 'Standard HUG',
      childSeats: false,
    });
    await expect(breakdownAmount(page, 'Rounded Fare')).toHaveText(dollars(quote.roundedFare));

    const visibleAcross = [
      page.getByRole('textbox', { name: 'Passengers' }),
      page.getByRole('combobox', { name: 'Vehicle Type' }),
      page.getByRole('combobox', { name: 'Pickup' }),
      page.getByRole('combobox', { name: 'Dropoff' }),
      page.getByRole('button', { name: 'Calculate Fare' }),
      page.getByRole('table', { name: 'Price breakdown' }),
      page.getByRole('link', { name: 'Book Now' }).first(),
    ];
    for (const element of visibleAcross) {
      await element.scrollIntoViewIfNeeded();
      await expect(element).toBeInViewport();
      const box = await element.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});

test.describe('on a 390 x 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Calculate Fare brings the fare into view and focuses it', async ({ page }) => {
    await openCalculator(page);
    await page.getByRole('textbox', { name: 'Passengers' }).fill('3');
    await planAirportToFremantle(page);

    const fare = page.getByRole('region', { name: 'Price Breakdown' });
    await expect(fare).toBeFocused();
    // Whole, so Book Now below the fare is on screen too.
    await expect(breakdownAmount(page, 'Rounded Fare')).toBeInViewport({ ratio: 1 });
    await expect(fare.getByRole('link', { name: 'Book Now' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Tab');
    await expect(fare.getByRole('link', { name: 'Book Now' })).toBeFocused();
  });
});

test.describe('/book on a 360 x 740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  const QUOTED = new URLSearchParams({
    pickup: 'Perth Airport Terminal 1 (T1)',
    pickupLat: '-31.9385',
    pickupLng: '115.9672',
    dropoff: 'Fremantle city centre',
    dropoffLat: '-32.0569',
    dropoffLng: '115.7439',
    vehicle: 'Standard HUG',
    passengers: '2',
    distanceMeters: '25400',
    durationSeconds: '1800',
  });

  test('an empty Request booking brings Full name into view with its label below the header', async ({
    page,
  }) => {
    await page.goto(`/book?${QUOTED}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a ride' })).toBeVisible(SLOW);
    await page.getByRole('button', { name: 'Request booking' }).click();

    const name = page.getByRole('textbox', { name: 'Full name' });
    await expect(name).toBeFocused();
    const headerBottom = (await page.getByRole('banner').boundingBox())!;
    const nameId = await name.getAttribute('id');
    const label = (await page.locator(`label[for="${nameId}"]`).boundingBox())!;
    expect(label.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  });

  test("the pickup time's example fits its field", async ({ page }) => {
    await page.goto(`/book?${QUOTED}`);
    const time = page.getByRole('textbox', { name: 'Pickup date and time: time' });
    await expect(time).toBeVisible(SLOW);
    const { textWidth, room } = await time.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return {
        textWidth: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(textWidth).toBeLessThanOrEqual(room);
  });
});

/** WCAG's contrast ratio of two 'rgb(r, g, b)' colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test("Book Now is the brand gold, as yellow as the header's Sign in, with text that passes WCAG AA", async ({
  page,
}) => {
  await openCalculator(page);
  await planAirportToFremantle(page);
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
  const gold = await signIn.evaluate((link) => getComputedStyle(link).backgroundColor);
  expect(gold).toBe('rgb(249, 194, 38)');
  const bookNowLinks = page.getByRole('link', { name: 'Book Now' });
  await expect(bookNowLinks).toHaveCount(2);
  for (const bookNow of await bookNowLinks.all()) {
    const { background, text } = await bookNow.evaluate((link) => ({
      background: getComputedStyle(link).backgroundColor,
      text: getComputedStyle(link).color,
    }));
    expect(background).toBe(gold);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  }
});
