import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn } from './support/sessions';
import { reportPageHealthOnFailure } from './support/page-health';

reportPageHealthOnFailure();

// Each journey signs in and loads the dispatch screen; a loaded machine needs the headroom.
test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'demo1234';
const PERTH = 'Australia/Perth';

async function openDispatch(page: Page) {
  await openSignedIn(page, 'dispatcher', '/dispatch');
  await expect(page).toHaveURL('/dispatch');
  await expect(newBookingPanel(page).getByRole('heading', { name: 'New Booking' })).toBeVisible({
    timeout: 20_000,
  });
}

function newBookingPanel(page: Page): Locator {
  return page.getByRole('region', { name: /New Booking|Edit Booking/ });
}

/** Types into an address field and picks the suggestion whose text matches. */
async function chooseAddress(field: Locator, query: string, suggestion: RegExp) {
  await field.fill(query);
  const option = field.page().getByRole('option', { name: suggestion }).first();
  await option.click();
  await expect(field).toHaveValue(suggestion);
}

/** Calendar parts of a day in Perth, `daysAhead` after today. */
function perthDay(daysAhead: number) {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: PERTH,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(Date.now() + daysAhead * 86_400_000));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** What the Pickup Time's day button shows for a Perth day: 'Nov 24, 2026' (spec's 'MMM d, yyyy'). */
function pickupDayText(day: { day: number; month: number; year: number }): RegExp {
  const month = MONTH_NAMES[day.month - 1]!.slice(0, 3);
  return new RegExp(`^${month} ${day.day}, ${day.year}$`);
}

/** Sets the New Booking panel's Pickup Time: tomorrow (Perth) in the calendar, the time typed. */
async function setPickupTimeTomorrow(
  page: Page,
  hours: string,
  minutes: string,
  amPm: 'AM' | 'PM',
) {
  const tomorrow = perthDay(1);
  const panel = newBookingPanel(page);
  await panel.getByRole('button', { name: 'Pickup Time: date' }).click();
  const picker = page.getByRole('dialog');
  const nextMonth = picker.getByRole('button', { name: 'Next month' });
  await expect(nextMonth).toBeVisible();
  const day = picker.getByRole('button', {
    name: `${tomorrow.day} ${MONTH_NAMES[tomorrow.month - 1]} ${tomorrow.year}`,
    exact: true,
  });
  // The calendar opens on the current pickup time's month; tomorrow may be in the next.
  if (!(await day.isVisible())) await nextMonth.click();
  await day.click();
  // Typed the way people write it ('9.30am'), shown back as '9:30 am'.
  const time = panel.getByRole('textbox', { name: 'Pickup Time: time' });
  await time.fill(`${Number(hours)}.${minutes}${amPm.toLowerCase()}`);
  await time.blur();
  await expect(time).toHaveValue(`${Number(hours)}:${minutes} ${amPm.toLowerCase()}`);
  await expect(panel.getByRole('button', { name: 'Pickup Time: date' })).toHaveText(
    pickupDayText(tomorrow),
  );
}

/** A mobile number nobody in the demo data has. */
function uniquePhone(): string {
  const digits = String(Date.now() % 1_000_000).padStart(6, '0');
  return `0491 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

test('a dispatcher creates a booking in the New Booking panel and finds it in the list', async ({
  page,
}) => {
  const passenger = `Harper Quinn ${Date.now()}`;
  await openDispatch(page);
  const panel = newBookingPanel(page);

  await chooseAddress(panel.getByLabel('Pickup Location'), 'Hyatt', /^Hyatt Regency Perth/);
  await chooseAddress(
    panel.getByLabel('Destination'),
    'Perth Airport T1',
    /^Perth Airport Terminal 1/,
  );
  await panel.getByLabel('Passenger Name').fill(passenger);
  await panel.getByLabel('Phone').fill(uniquePhone());
  await setPickupTimeTomorrow(page, '09', '30', 'AM');
  // The route is priced once both places are chosen.
  await expect(panel.getByRole('region', { name: 'Route quote' })).toContainText('Fare');

  await panel.getByRole('button', { name: 'Create booking' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Booking created' });
  await expect(notice).toContainText(/Reference [A-Z0-9]{6}/);
  const reference = /Reference ([A-Z0-9]{6})/.exec((await notice.textContent()) ?? '')![1]!;
  // The panel is ready for the next booking.
  await expect(panel.getByLabel('Passenger Name')).toHaveValue('');

  await page.getByPlaceholder('Search bookings...').fill(passenger);
  const list = page.getByRole('listbox', { name: 'Bookings' });
  await expect(list.getByRole('option')).toHaveCount(1);
  const row = list.getByRole('option').first();
  await expect(row).toContainText(passenger);
  await expect(row).toContainText(reference);
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Hyatt Regency Perth');
  await expect(row).toContainText('Perth Airport Terminal 1');
});

type ApiBooking = {
  id: string;
  reference: string;
  status: string;
  pickupLocation: string;
  numPassengers: number;
  notes: string;
  isShuttle: boolean;
  shuttleRunId: string | null;
  shuttleSequence: number | null;
};

test('a dispatcher books a three-stop shuttle run, reordering a stop with the keyboard', async ({
  page,
}) => {
  const passenger = `Shuttle Group ${Date.now()}`;
  const notes = `Conference delegates ${Date.now()}`;
  await openDispatch(page);
  const panel = newBookingPanel(page);

  await panel.getByRole('button', { name: 'Shuttle Mode' }).click();
  await expect(panel.getByRole('button', { name: 'Shuttle Mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await chooseAddress(panel.getByLabel('Pickup Location'), 'Crown Towers', /^Crown Towers Perth/);
  await chooseAddress(
    panel.getByLabel('Destination'),
    'Perth Convention',
    /^Perth Convention and Exhibition Centre/,
  );
  await panel.getByLabel('Passenger Name').fill(passenger);
  await panel.getByLabel('Phone').fill(uniquePhone());
  await panel.getByLabel('Notes').fill(notes);
  await setPickupTimeTomorrow(page, '07', '45', 'AM');

  const addStop = panel.getByRole('button', { name: 'Add Stop' });
  await addStop.click();
  await addStop.click();
  await addStop.click();
  const stops = panel.getByRole('list', { name: 'Additional stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);

  const plan = [
    { query: 'QT Perth', place: /^QT Perth/, passengers: '2', type: 'pickup' },
    { query: 'Pan Pacific', place: /^Pan Pacific Perth/, passengers: '3', type: 'pickup' },
    { query: 'Perth railway', place: /^Perth railway station/, passengers: '1', type: 'dropoff' },
  ];
  for (const [index, stop] of plan.entries()) {
    const row = stops.nth(index);
    await chooseAddress(
      row.getByRole('combobox', { name: `Stop ${index + 1}`, exact: true }),
      stop.query,
      stop.place,
    );
    await row.getByLabel('Passengers').fill(stop.passengers);
    await row.getByLabel('Type').selectOption(stop.type);
  }

  // Stop 1 (QT Perth) moves down one place, with the keyboard only.
  const handle = panel.getByRole('button', { name: 'Drag to reorder stop 1' });
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit marks the lifted handle as pressed and announces where it is.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Stop 1 is over position 1.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Stop 1 is over position 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Stop 1 was moved to position 2.')).toBeAttached();
  await expect(stops.nth(0).getByRole('combobox', { name: 'Stop 1', exact: true })).toHaveValue(
    /^Pan Pacific Perth/,
  );
  await expect(stops.nth(1).getByRole('combobox', { name: 'Stop 2', exact: true })).toHaveValue(
    /^QT Perth/,
  );
  await expect(stops.nth(2).getByRole('combobox', { name: 'Stop 3', exact: true })).toHaveValue(
    /^Perth railway station/,
  );
  await expect(stops.nth(0).getByLabel('Passengers')).toHaveValue('3');
  await expect(stops.nth(1).getByLabel('Passengers')).toHaveValue('2');

  const summary = panel.getByRole('region', { name: 'Shuttle Run Summary' });
  // Main pickup 1 + 3 + 2 + 1.
  await expect(summary).toContainText('Total Passengers: 7');
  await expect(summary).toContainText('Number of Stops: 4');

  await panel.getByRole('button', { name: 'Create booking' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Shuttle run created' })).toContainText(
    /References [A-Z0-9]{6}, [A-Z0-9]{6}, [A-Z0-9]{6}, [A-Z0-9]{6}/,
  );

  const response = await page.request.get('/api/bookings', { params: { q: passenger } });
  expect(response.status()).toBe(200);
  const { bookings } = (await response.json()) as { bookings: ApiBooking[] };
  const run = [...bookings].sort((a, b) => (a.shuttleSequence ?? 0) - (b.shuttleSequence ?? 0));
  expect(run).toHaveLength(4);
  expect(run.map((booking) => booking.shuttleSequence)).toEqual([0, 1, 2, 3]);
  expect(new Set(run.map((booking) => booking.shuttleRunId)).size).toBe(1);
  expect(run.every((booking) => booking.isShuttle && booking.shuttleRunId)).toBe(true);
  expect(run.map((booking) => booking.pickupLocation)).toEqual([
    expect.stringMatching(/^Crown Towers Perth/),
    expect.stringMatching(/^Pan Pacific Perth/),
    expect.stringMatching(/^QT Perth/),
    expect.stringMatching(/^Perth railway station/),
  ]);
  expect(run.map((booking) => booking.numPassengers)).toEqual([1, 3, 2, 1]);
  expect(run.map((booking) => booking.notes)).toEqual([
    `Shuttle Run Stop - pickup - ${notes}`,
    `Shuttle Run Stop - pickup - ${notes}`,
    `Shuttle Run Stop - pickup - ${notes}`,
    `Shuttle Run Stop - dropoff - ${notes}`,
  ]);
});

/** A pending booking for tomorrow, made through the API as the signed-in dispatcher. */
async function createBookingThroughApi(page: Page, passengerName: string): Promise<ApiBooking> {
  const response = await page.request.post('/api/bookings', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      pickupLocation: 'Elizabeth Quay, Perth WA 6000, Australia',
      pickupLat: -31.9575,
      pickupLng: 115.857,
      dropoffLocation:
        'Kings Park and Botanic Garden, Fraser Avenue, Kings Park WA 6005, Australia',
      dropoffLat: -31.9608,
      dropoffLng: 115.8317,
      pickupTime: new Date(Date.now() + 26 * 3_600_000).toISOString(),
      passengerName,
      phone: uniquePhone(),
      numPassengers: 2,
    },
  });
  expect(response.status()).toBe(201);
  const { bookings } = (await response.json()) as { bookings: ApiBooking[] };
  return bookings[0]!;
}

test('a dispatcher assigns the nearest driver and takes the booking through to completed', async ({
  page,
}) => {
  const passenger = `Lifecycle Rider ${Date.now()}`;
  await openDispatch(page);
  const booking = await createBookingThroughApi(page, passenger);

  await page.getByPlaceholder('Search bookings...').fill(passenger);
  const row = page.getByRole('listbox', { name: 'Bookings' }).getByRole('option', {
    name: new RegExp(passenger),
  });
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');

  const details = page.getByRole('region', { name: 'Booking details' });
  await expect(details.getByRole('heading', { name: booking.reference })).toBeVisible();
  await expect(details).toContainText(passenger);
  const assign = details.getByRole('region', { name: 'Assign' });
  await expect(assign).toContainText(
    'Drivers within 50 km of the pickup: current positions first, then nearest',
  );
  // The first candidate: the nearest of those with a current position (decision 184).
  const nearest = assign.getByRole('button', { name: /^Assign / }).first();
  await expect(nearest).toBeEnabled();
  const driverName = ((await nearest.getAttribute('aria-label')) ?? '').replace(/^Assign /, '');
  expect(driverName).not.toBe('');
  await nearest.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Driver assigned' })).toContainText(
    `${driverName} has booking ${booking.reference}.`,
  );
  await expect(details.getByText('assigned', { exact: true }).first()).toBeVisible();
  await expect(details).toContainText(new RegExp(`${driverName} \\(\\d\\.\\d/5\\)`));

  for (const [action, status] of [
    ['Mark en-route', 'en-route'],
    ['Mark arrived', 'arrived'],
    ['Mark on-board', 'on-board'],
    ['Mark completed', 'completed'],
  ] as const) {
    const button = details.getByRole('button', { name: action });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(
      page.getByRole('alert').filter({ hasText: `Booking ${booking.reference} is now ${status}.` }),
    ).toBeVisible();
    await expect(details.getByText(status, { exact: true }).first()).toBeVisible();
  }

  // Completed is the end of the line: no step, no cancelling, no assigning.
  await expect(details.getByRole('button', { name: /^Mark / })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(details.getByRole('region', { name: 'Assign' })).toHaveCount(0);
  await expect(row).toContainText('completed');

  const history = details.getByRole('region', { name: 'Event history' });
  for (const line of [
    'Created',
    'Driver assigned',
    'Status assigned → en-route',
    'Status en-route → arrived',
    'Status arrived → on-board',
    'Status on-board → completed',
  ]) {
    await expect(history.getByText(line, { exact: true })).toBeVisible();
  }
  // Every step is signed with the dispatcher's name.
  await expect(history.getByText(/· Daniel Nguyen$/)).toHaveCount(6);
});

/** Letters only (the paste parser reads capitalised words as a name). */
function uniqueLetters(): string {
  return Date.now()
    .toString()
    .split('')
    .map((digit) => String.fromCharCode(97 + Number(digit)))
    .join('');
}

test('Paste Booking fills the New Booking form from a concierge email without booking', async ({
  page,
}) => {
  const surname = `Bennett${uniqueLetters()}`;
  const guest = `Olivia ${surname}`;
  const email = [
    'From: Concierge Desk <concierge@hyatt-perth.example>',
    'Sent: Friday, 20 November 2026 3:12 PM',
    'To: bookings@perthchauffeurs.example',
    'Subject: Airport transfer for our guest',
    '',
    'Good afternoon,',
    '',
    `Could you please arrange a car for our guest Ms ${guest}, who is staying with us.`,
    'Pick up from Hyatt Regency Perth, 99 Adelaide Terrace to Perth Airport T1 tomorrow 5:30pm.',
    'There will be 2 passengers with 3 bags. She is departing on flight QF 583.',
    'Her mobile is 0412 587 903.',
    '',
    'Kind regards,',
    'Priya',
    'Concierge, Hyatt Regency Perth',
  ].join('\n');

  await openDispatch(page);
  const panel = newBookingPanel(page);
  await page
    .getByRole('toolbar', { name: 'Dispatcher tools' })
    .getByRole('button', { name: 'Paste Booking' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Paste Booking' });
  await dialog.getByLabel('Booking text').fill(email);
  await dialog.getByRole('button', { name: 'Process Booking' }).click();

  await expect(dialog).toContainText('The New Booking form is filled in with what was recognised.');
  const recognised = dialog.getByRole('list', { name: 'Recognised' });
  await expect(recognised).toContainText(`Passenger: ${guest}`);
  await expect(recognised).toContainText('Phone: +61412587903');
  await expect(recognised).toContainText('Flight: QF583');
  await expect(recognised).toContainText('Passengers: 2');
  await expect(recognised).toContainText('Suitcases: 3');
  // The footer's Close: the title bar's X is named Close too.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  const tomorrow = perthDay(1);
  await expect(panel.getByRole('heading', { name: 'New Booking' })).toBeVisible();
  // Each place the text names plainly is found on the map (decision 166): the fare can be priced.
  await expect(panel.getByRole('combobox', { name: 'Pickup Location' })).toHaveValue(
    /^Hyatt Regency Perth, 99 Adelaide Terrace/,
  );
  await expect(panel.getByRole('combobox', { name: 'Destination' })).toHaveValue(
    /^Perth Airport Terminal 1 \(T1\), Airport Drive, Perth Airport WA 6105/,
  );
  await expect(panel.getByText('Matched from the pasted text: check it').first()).toBeVisible();
  await expect(panel.getByLabel('Passenger Name')).toHaveValue(guest);
  await expect(panel.getByRole('combobox', { name: 'Phone' })).toHaveValue('+61412587903');
  await expect(panel.getByRole('textbox', { name: 'Passengers', exact: true })).toHaveValue('2');
  await expect(panel.getByRole('textbox', { name: 'Suitcases' })).toHaveValue('3');
  await expect(panel.getByRole('button', { name: 'Pickup Time: date' })).toHaveText(
    pickupDayText(tomorrow),
  );
  await expect(panel.getByRole('textbox', { name: 'Pickup Time: time' })).toHaveValue('5:30 pm');
  await expect(panel.getByLabel('Notes')).toHaveValue('Flight QF583');

  // Nothing was booked: the dispatcher still has to check and save the form.
  const response = await page.request.get('/api/bookings', { params: { q: surname } });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { total: number }).total).toBe(0);
  await page.getByPlaceholder('Search bookings...').fill(surname);
  await expect(page.getByText('No bookings match.')).toBeVisible();
});

test("a dispatcher's phone shows the whole product name and a Documents button by its icon", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openDispatch(page);
  const header = page.getByRole('banner');
  const name = header.getByText('Perth Chauffeur Ops', { exact: true });
  await expect(name).toBeVisible();
  // Not cut with an ellipsis: all of the text fits its box (it may wrap).
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const documents = header.getByRole('button', { name: 'Documents' });
  await expect(documents).toBeVisible();
  const box = (await documents.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeLessThan(60);
});

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen share any point. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The dispatch screen on a 1366 x 768 laptop, with the Account Code dialog open. */
async function openAccountCodeOnALaptop(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openDispatch(page);
  await page
    .getByRole('toolbar', { name: 'Dispatcher tools' })
    .getByRole('button', { name: 'Account Code' })
    .click();
  return page.getByRole('dialog', { name: 'Account Code' });
}

test("a notice never lies over a dialog's fields: Account created leaves Account Name free", async ({
  page,
}) => {
  // A dispatcher's laptop: too narrow for a notice beside the dialog.
  const dialog = await openAccountCodeOnALaptop(page);
  const code = `E2E-${String(Date.now() % 100_000)}`;
  await dialog.getByRole('textbox', { name: 'Account Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Account Name' }).fill('Notice Check Pty Ltd');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  const notice = page.getByRole('alert').filter({ hasText: 'Account created' });
  await expect(notice).toBeVisible();
  // Once it has slid in: both fields, emptied for the next account, are clear of it.
  await expect(async () => {
    const noticeBox = (await notice.boundingBox())!;
    for (const name of ['Account Code', 'Account Name']) {
      const fieldBox = (await dialog.getByRole('textbox', { name }).boundingBox())!;
      expect(overlap(noticeBox, fieldBox), `the notice over ${name}`).toBe(false);
    }
  }).toPass({ timeout: 5_000 });
});

test("many notices never lie over a dialog's buttons: six accounts created in a row", async ({
  page,
}) => {
  const dialog = await openAccountCodeOnALaptop(page);
  const stamp = String(Date.now() % 100_000);
  const notices = page.getByRole('alert').filter({ hasText: 'Account created' });
  // Mantine closes each notice after 4 s: how many stand at once depends on
  // the machine's speed, so each creation is checked with the notices
  // standing then, its own among them, and at least two stood at once.
  let mostAtOnce = 0;
  for (let index = 0; index < 6; index += 1) {
    const code = `N${stamp}-${index}`;
    await dialog.getByRole('textbox', { name: 'Account Code' }).fill(code);
    await dialog.getByRole('textbox', { name: 'Account Name' }).fill(`Stack Check ${index}`);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const own = notices.filter({ hasText: code });
    await expect(own).toBeVisible();
    // Once it has slid in (Mantine's transition), no notice meets a button.
    await expect(async () => {
      // Read at one moment: a notice closing meanwhile must not leave a
      // locator waiting for it (nth(2) of two waits until the test ends).
      // Its own notice may have closed too on a slow machine (CI failed so):
      // the ones standing then are checked, and the count below sees to it
      // that checks saw several.
      const standing = await notices.evaluateAll((elements) =>
        elements.map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );
      // The buttons read at once too: one at a time, a dialog listing many
      // accounts took longer than the notices stand on a loaded machine.
      const buttons = await dialog.getByRole('button').evaluateAll((elements) =>
        elements.map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { name: element.textContent || 'Close', box: { x, y, width, height } };
        }),
      );
      const covered = buttons
        .filter(({ box }) => box.width > 0 && standing.some((notice) => overlap(notice, box)))
        .map(({ name }) => name);
      expect(covered, 'the buttons under a notice').toEqual([]);
      mostAtOnce = Math.max(mostAtOnce, standing.length);
    }).toPass({ timeout: 3_000 });
  }
  expect(mostAtOnce, 'notices standing at once').toBeGreaterThanOrEqual(2);
});

test("the dispatcher's top bar is one line on a 1280 px laptop, its buttons 32 px tall", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDispatch(page);
  const tools = page.getByRole('toolbar', { name: 'Dispatcher tools' }).getByRole('button');
  await expect(tools).toHaveCount(7);
  const count = page.getByText(/^Current Bookings: \d+$/);
  await expect(count).toBeVisible();
  const boxes = await Promise.all(
    [...(await tools.all()), count].map(async (item) => (await item.boundingBox())!),
  );
  const first = boxes[0]!;
  // Every button and the count lie on the first button's row.
  for (const box of boxes) expect(box.y).toBeLessThan(first.y + first.height);
  // Narrower is not smaller: each tool stays a comfortable click target.
  for (const box of boxes.slice(0, 7)) expect(box.height).toBeGreaterThanOrEqual(32);
});

/** How a field's text sits in it: the lines it takes and whether its box cuts any of it. */
async function textFit(field: Locator): Promise<{ lines: number; isCut: boolean }> {
  return field.evaluate((element) => {
    if (element instanceof HTMLInputElement) {
      return { lines: 1, isCut: element.scrollWidth > element.clientWidth };
    }
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return { lines: tops.size, isCut: element.scrollWidth > element.clientWidth };
  });
}

test("the New Booking panel's pickup date and time read whole on a 1280 px laptop and wider", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDispatch(page);
  const panel = newBookingPanel(page);
  const day = panel.getByRole('button', { name: 'Pickup Time: date' });
  const time = panel.getByRole('textbox', { name: 'Pickup Time: time' });
  // The widest times the field shows.
  await time.fill('12:45pm');
  await time.blur();
  await expect(time).toHaveValue('12:45 pm');
  await expect(day).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await expect
      .poll(() => textFit(day), { message: `the day at ${size.width} px` })
      .toEqual({ lines: 1, isCut: false });
    await expect
      .poll(() => textFit(time), { message: `the time at ${size.width} px` })
      .toEqual({ lines: 1, isCut: false });
  }
});

/** The laptops dispatchers work on (decision 149). */
const LAPTOPS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
];

/** Selects the first booking of the list and waits for its details. */
async function selectFirstBooking(page: Page): Promise<Locator> {
  await page.getByRole('listbox', { name: 'Bookings' }).getByRole('option').first().click();
  const details = page.getByRole('region', { name: 'Booking details' });
  await expect(details.getByRole('button', { name: 'Edit' })).toBeVisible();
  return details;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'a box on the screen').not.toBeNull();
  return box!;
}

test('with a booking selected on a laptop, the map keeps 60% of its area, the details the rest', async ({
  page,
}) => {
  // Four layouts, each read after it settles: a loaded machine needs the headroom.
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOPS[0]!);
  await openDispatch(page);
  const details = await selectFirstBooking(page);
  const modes = page.getByRole('group', { name: 'View mode' });
  const map = page.getByRole('region', { name: 'Driver map' });
  const list = page.getByRole('listbox', { name: 'Bookings' });
  for (const size of LAPTOPS) {
    await page.setViewportSize(size);
    for (const view of ['Split View', 'Map View'] as const) {
      await modes.getByRole('button', { name: view }).click();
      const where = `${view} at ${size.width} x ${size.height}`;
      // Read once the layout has settled (the map redraws on resize).
      await expect(async () => {
        const mapBox = await boxOf(map);
        const detailsBox = await boxOf(details);
        const sideBySide = detailsBox.x >= mapBox.x + mapBox.width;
        // The map view itself, not its status strips: the length the map and
        // the details share goes 60 : 40 (a px for the map's border).
        const [mapLength, detailsLength] = sideBySide
          ? [mapBox.width, detailsBox.width]
          : [mapBox.height, detailsBox.height];
        expect(
          mapLength / (mapLength + detailsLength),
          `the map's share, ${where}`,
        ).toBeGreaterThan(0.59);
        // Map View has the room to put the details beside a full-height map.
        if (view === 'Map View') expect(sideBySide, `side by side, ${where}`).toBe(true);
        // Nothing is pushed off the window: the details scroll inside themselves.
        const footer = await boxOf(page.locator('footer'));
        expect(
          detailsBox.y + detailsBox.height,
          `the details end above the bottom bar, ${where}`,
        ).toBeLessThanOrEqual(footer.y);
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(size.height);
        if (view === 'Split View') {
          // The list keeps its third beside the map's two (the map area is the
          // map and the details, stacked).
          const listBox = await boxOf(list);
          const area = Math.max(mapBox.width, detailsBox.width) + 2;
          expect(listBox.width / area, `the list's share, ${where}`).toBeGreaterThan(0.46);
          expect(listBox.width / area, `the list's share, ${where}`).toBeLessThan(0.54);
        }
      }).toPass({ timeout: 5_000 });
      expect(
        await details
          .locator('.mantine-ScrollArea-viewport')
          .evaluate((element) => element.scrollHeight > element.clientHeight),
        `the details scroll, ${where}`,
      ).toBe(true);
    }
  }
});

/**
 * The boxes of the controls a notice must leave free on the dispatch board,
 * read at one moment: live updates from the other journeys re-render some.
 */
async function boardControls(page: Page): Promise<{ name: string; box: Box }[]> {
  const controls = page.locator(
    [
      '[role="group"][aria-label="View mode"] button',
      '[role="toolbar"][aria-label="Dispatcher tools"] button',
      'footer button',
      '[role="group"][aria-label="Driver status"] button',
      '[aria-label="Booking details"] button',
      '.leaflet-control-zoom a',
    ].join(', '),
  );
  const found = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') || element.textContent || '?';
      return { name: name.trim(), box: { x, y, width, height } };
    }),
  );
  return found.filter(({ box }) => box.width > 0 && box.height > 0);
}

test("on a laptop the dispatch board's notices leave its toolbars and the details' buttons free", async ({
  page,
}) => {
  // Six notices, one per view and size, each waited out: a loaded machine needs the headroom.
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOPS[0]!);
  await openDispatch(page);
  const modes = page.getByRole('group', { name: 'View mode' });
  const panel = newBookingPanel(page);
  const details = await selectFirstBooking(page);
  // Mantine's notices, not the panel's 'Editing booking' alert.
  const notices = page.locator('.mantine-Notifications-root').getByRole('alert');
  for (const size of LAPTOPS) {
    await page.setViewportSize(size);
    for (const view of ['Split View', 'Map View', 'List View'] as const) {
      await modes.getByRole('button', { name: view }).click();
      // A half-typed new booking set aside by Edit: a notice, and nothing saved.
      await panel.getByRole('textbox', { name: 'Passenger Name' }).fill('Notice Check');
      await details.getByRole('button', { name: 'Edit' }).click();
      const notice = notices.filter({ hasText: 'New booking set aside' });
      await expect(notice).toBeVisible();
      const where = `${view} at ${size.width} x ${size.height}`;
      await expect(async () => {
        const standing = await notices.evaluateAll((elements) =>
          elements.map((element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          }),
        );
        expect(standing.length).toBeGreaterThan(0);
        const covered = (await boardControls(page))
          .filter(({ box }) => standing.some((item) => overlap(item, box)))
          .map(({ name }) => name);
        expect(covered, `the controls under a notice, ${where}`).toEqual([]);
      }).toPass({ timeout: 3_000 });
      // Back to the new booking (it comes back), and this journey's notices
      // closed for the next view (the other journeys' live ones may come and go).
      await panel.getByRole('button', { name: 'New booking', exact: true }).click();
      await expect(panel.getByRole('textbox', { name: 'Passenger Name' })).toHaveValue(
        'Notice Check',
      );
      await panel.getByRole('textbox', { name: 'Passenger Name' }).fill('');
      const own = notices.filter({ hasText: /New booking (set aside|back)/ });
      await expect(async () => {
        for (const close of await own.getByRole('button').all()) {
          await close.click({ timeout: 1_000 }).catch(() => undefined);
        }
        await expect(own).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    }
  }
});

/** A demo driver no other journey signs in as (the map journey has driver5). */
const DECLINING_DRIVER_EMAIL = 'driver3@demo.test';

test('on a 1280 px laptop a live notice stands beside a tall dialog, not over its buttons', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(LAPTOPS[0]!);
  await openDispatch(page);
  const driverApi = await request.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { origin: baseURL! },
  });
  try {
    const signedIn = await driverApi.post('/api/auth/sign-in/email', {
      data: { email: DECLINING_DRIVER_EMAIL, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const me = await driverApi.get('/api/drivers/me');
    expect(me.status()).toBe(200);
    const driverId = ((await me.json()) as { driver: { id: string } }).driver.id;
    // A booking of this journey's own, two days out, given to the driver.
    const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
    const headers = { origin: baseURL! };
    const created = await page.request.post('/api/bookings', {
      headers,
      data: {
        pickupLocation: 'Elizabeth Quay, Perth WA 6000, Australia',
        dropoffLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
        pickupTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        passengerName: `Decline ${stamp}`,
        phone: `+61492${stamp}`,
      },
    });
    expect(created.status()).toBe(201);
    const { bookings } = (await created.json()) as { bookings: { id: string }[] };
    const id = bookings[0]!.id;
    const assigned = await page.request.post(`/api/bookings/${id}/assign`, {
      headers,
      data: { driverId },
    });
    expect(assigned.status()).toBe(200);

    // Job History is an xl dialog (780 px): at 1280 px it leaves 250 px each side.
    await page
      .getByRole('toolbar', { name: 'Dispatcher tools' })
      .getByRole('button', { name: 'Job History' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Job History' });
    await expect(dialog).toBeVisible();
    const declined = await driverApi.post(`/api/bookings/${id}/decline`, {
      data: { reason: 'Notice check' },
    });
    expect(declined.status()).toBe(200);

    // Dispatch is told live, and the notice stands beside the dialog.
    const notice = page
      .locator('.mantine-Notifications-root')
      .getByRole('alert')
      .filter({ hasText: `Decline ${stamp}` });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(async () => {
      const noticeBox = await boxOf(notice);
      expect(overlap(noticeBox, await boxOf(dialog)), 'the notice over the dialog').toBe(false);
      expect(noticeBox.width).toBeGreaterThanOrEqual(200);
    }).toPass({ timeout: 3_000 });
  } finally {
    await driverApi.dispose();
  }
});

test('the view mode buttons switch between split, map only and list only', async ({ page }) => {
  await openDispatch(page);
  const modes = page.getByRole('group', { name: 'View mode' });
  await expect(modes.getByRole('button')).toHaveText(['Split View', 'Map View', 'List View']);
  const map = page.getByRole('region', { name: 'Driver map' });
  const search = page.getByPlaceholder('Search bookings...');
  await expect(modes.getByRole('button', { name: 'Split View' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(map).toBeVisible();
  await expect(search).toBeVisible();

  await modes.getByRole('button', { name: 'List View' }).click();
  await expect(modes.getByRole('button', { name: 'List View' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(map).toHaveCount(0);
  await expect(search).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Bookings' })).toBeVisible();

  await modes.getByRole('button', { name: 'Map View' }).click();
  await expect(map).toBeVisible();
  await expect(search).toHaveCount(0);

  await modes.getByRole('button', { name: 'Split View' }).click();
  await expect(map).toBeVisible();
  await expect(search).toBeVisible();
});

type ApiDriver = {
  id: string;
  firstName: string;
  lastName: string;
  rating: number;
  status: string;
  availability: 'free' | 'busy' | 'away';
  location: { lat: number; lng: number; isStale: boolean } | null;
};

async function listDrivers(page: Page): Promise<ApiDriver[]> {
  const response = await page.request.get('/api/drivers');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { drivers: ApiDriver[] }).drivers;
}

/** A driver's marker on the dispatch map, found by its accessible name. */
function driverMarker(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Driver map' })
    .getByRole('img', { name: new RegExp(`^${name} \\((free|busy|away)\\)$`) });
}

function centre(box: { x: number; y: number; width: number; height: number }) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Spec 9: the dispatch map opens on the Perth CBD at zoom 13. */
const MAP_CENTRE = { lat: -31.9523, lng: 115.8613 };
const MAP_ZOOM = 13;

/** Web Mercator world pixels at the map's zoom (what Leaflet draws with). */
function worldPixel({ lat, lng }: { lat: number; lng: number }) {
  const size = 256 * 2 ** MAP_ZOOM;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

const JACK = 'Jack Thompson';
/** A seeded on-shift driver with an account (the demo simulation's, off in these runs). */
const MAP_TEST_DRIVER_EMAIL = 'driver5@demo.test';

test.describe('the live driver map', () => {
  test('clicking a driver marker shows the driver, their status and rating', async ({ page }) => {
    // A big map (Map View on a large screen) has room for most of the fleet.
    await page.setViewportSize({ width: 1920, height: 1200 });
    await openDispatch(page);
    await page.getByRole('button', { name: 'Map View' }).click();
    const map = page.getByRole('region', { name: 'Driver map' });
    const markers = map.getByRole('img', { name: / \((free|busy|away)\)$/ });
    // Every active driver with a position is on the map. Journeys in the other
    // worker add drivers and positions meanwhile (CI once saw the documents
    // journey's driver appear after the list was read): the list is read again
    // on every try.
    let drivers: ApiDriver[] = [];
    await expect(async () => {
      drivers = (await listDrivers(page)).filter(
        (driver) => driver.status === 'active' && driver.location !== null,
      );
      expect(drivers.length).toBeGreaterThan(0);
      expect(await markers.count()).toBe(drivers.length);
    }).toPass({ timeout: 15_000 });

    // A marker well inside the map and clear of the others, so the click lands on it;
    // away from the CBD, where the next journey (or another spec) may move Jack Thompson.
    const mapBox = (await map.boundingBox())!;
    const middle = centre(mapBox);
    const boxes = await Promise.all(
      (await markers.all()).map(async (marker) => ({
        name: ((await marker.getAttribute('aria-label')) ?? '').replace(/ \(\w+\)$/, ''),
        at: centre((await marker.boundingBox())!),
      })),
    );
    const margin = 60;
    const target = boxes.find(
      ({ name, at }) =>
        name !== JACK &&
        at.x > mapBox.x + margin &&
        at.x < mapBox.x + mapBox.width - margin &&
        at.y > mapBox.y + margin &&
        at.y < mapBox.y + mapBox.height - margin &&
        Math.hypot(at.x - middle.x, at.y - middle.y) > 150 &&
        boxes.every(
          (other) => other.at === at || Math.hypot(other.at.x - at.x, other.at.y - at.y) > 30,
        ),
    );
    expect(target, 'a marker in view, clear of the others').toBeDefined();
    const driver = drivers.find((item) => `${item.firstName} ${item.lastName}` === target!.name);
    expect(driver).toBeDefined();

    await driverMarker(page, target!.name).click();
    // The popup, not the marker's own name label (Leaflet's popup box).
    const popup = map.locator('.leaflet-popup-content');
    await expect(popup.getByText(target!.name, { exact: true })).toBeVisible();
    await expect(popup.getByText(/active · (free|busy|away)/)).toBeVisible();
    await expect(popup.getByText(`${driver!.rating.toFixed(1)}/5`)).toBeVisible();
  });

  test("a driver's reported position moves their marker on the open map without a reload", async ({
    page,
    baseURL,
  }) => {
    // A demo driver no other journey signs in as: the driver journey's phone
    // puts driver@demo.test in Mandurah while this may run, off the map, where
    // the marker's path is left empty and measures the same before and after.
    const driverApi = await request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { origin: baseURL! },
    });
    const report = async (point: { lat: number; lng: number }) => {
      const response = await driverApi.post('/api/drivers/me/location', { data: point });
      expect(response.status()).toBe(200);
    };
    let original: { lat: number; lng: number } | undefined;
    try {
      const signedIn = await driverApi.post('/api/auth/sign-in/email', {
        data: { email: MAP_TEST_DRIVER_EMAIL, password: PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      const mine = await driverApi.get('/api/drivers/me');
      expect(mine.status()).toBe(200);
      const myId = ((await mine.json()) as { driver: { id: string } }).driver.id;
      await openDispatch(page);
      const me = (await listDrivers(page)).find((driver) => driver.id === myId);
      expect(me?.location).toBeTruthy();
      original = me!.location!;
      const name = `${me!.firstName} ${me!.lastName}`;
      const marker = driverMarker(page, name);
      await expect(marker).toHaveCount(1);
      // Where the marker should be is measured from another driver's marker,
      // not from the map's box: a line another journey adds under the map (a
      // driver suspended) resizes it, and the drawing moves with it.
      const others = (await listDrivers(page)).filter(
        (driver) =>
          driver.id !== me!.id &&
          driver.location &&
          Math.abs(driver.location.lat - MAP_CENTRE.lat) < 0.02 &&
          Math.abs(driver.location.lng - MAP_CENTRE.lng) < 0.02,
      );
      let reference: ApiDriver | undefined;
      for (const driver of others) {
        if ((await driverMarker(page, `${driver.firstName} ${driver.lastName}`).count()) === 1) {
          reference = driver;
          break;
        }
      }
      expect(reference).toBeTruthy();
      const referenceMarker = driverMarker(page, `${reference!.firstName} ${reference!.lastName}`);
      /** The marker's offset from the reference marker on screen, less where `point` should put it. */
      const offset = async (point: { lat: number; lng: number }) => {
        const box = await marker.boundingBox();
        const referenceBox = await referenceMarker.boundingBox();
        if (!box || !referenceBox) return undefined;
        const at = centre(box);
        const from = centre(referenceBox);
        const pointPixel = worldPixel(point);
        const referencePixel = worldPixel(reference!.location!);
        return {
          x: at.x - from.x,
          y: at.y - from.y,
          miss: Math.round(
            Math.hypot(
              at.x - from.x - (pointPixel.x - referencePixel.x),
              at.y - from.y - (pointPixel.y - referencePixel.y),
            ),
          ),
        };
      };
      // Somewhere in view, 300 m to 1.2 km from the CBD, and new on every run.
      // (A marker outside the view is not drawn: Leaflet leaves its path empty.)
      const inView = () => {
        const turn = Math.random() * 2 * Math.PI;
        const reach = 0.003 + Math.random() * 0.009;
        return {
          lat: Number((MAP_CENTRE.lat + reach * Math.sin(turn)).toFixed(6)),
          lng: Number((MAP_CENTRE.lng + reach * Math.cos(turn)).toFixed(6)),
        };
      };
      const start = inView();
      let target = inView();
      while (Math.hypot(target.lat - start.lat, target.lng - start.lng) < 0.003) target = inView();
      const markerAt = async (point: { lat: number; lng: number }) => {
        let seen: Awaited<ReturnType<typeof offset>>;
        await expect
          .poll(
            async () => {
              seen = await offset(point);
              return seen?.miss ?? Number.POSITIVE_INFINITY;
            },
            { timeout: 15_000 },
          )
          .toBeLessThanOrEqual(3);
        return seen!;
      };

      await report(start);
      const before = await markerAt(start);
      // A flag on the page: a reload would lose it.
      await page.evaluate(() => {
        (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
      });
      await report(target);

      const after = await markerAt(target);
      expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeGreaterThan(5);
      expect(
        await page.evaluate(
          () => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage,
        ),
      ).toBe(true);
    } finally {
      if (original) await report(original).catch(() => undefined);
      await driverApi.dispose();
    }
  });
});
