import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type {
  ImportHistoryResponse,
  ImportPreviewResponse,
  ImportReport,
} from '../../../../domain/imports/api';
import { AppProviders } from '../../../app/providers';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../../test/api-stub';
import { resetImport } from '../import-store';
import { DOUBLE_CLICK_MS } from '../../../lib/use-one-at-a-time';
import { ImportManager } from './import-manager';
import { UNPRICED_IMPORT_NOTE } from './import-data-panel';

const VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Grace Harris',
  'TEL;type=CELL:0411 100 200',
  'END:VCARD',
].join('\r\n');

const PREVIEW: ImportPreviewResponse = {
  kind: 'customers',
  fileName: 'contacts.vcf',
  format: 'vCard 3.0',
  encoding: 'utf-8',
  headers: null,
  mapping: null,
  needsMapping: false,
  counts: { total: 7, imported: 3, merged: 2, skipped: 1, errors: 1 },
  rows: [
    {
      line: 1,
      action: 'new',
      reason: null,
      name: 'Grace Harris',
      mergeWith: null,
      customer: {
        firstName: 'Grace',
        lastName: 'Harris',
        phone: '+61411100200',
        email: 'grace@example.com.au',
        homeAddress: null,
        notes: '',
        savedAddresses: [],
      },
    },
    {
      line: 8,
      action: 'error',
      reason: 'Phone "12" is not a valid phone number.',
      name: 'Ruby',
      mergeWith: null,
      customer: null,
    },
  ],
};

const REPORT: ImportReport = {
  id: '4b7c6a2e-8f0e-4c55-9a43-1f5e3c2b1a00',
  fileName: 'contacts.vcf',
  format: 'vCard 3.0',
  createdAt: '2026-11-23T01:00:00.000Z',
  createdBy: 'Sam Taylor',
  counts: { total: 7, imported: 3, merged: 2, skipped: 1, errors: 1 },
  rows: [
    { line: 8, action: 'error', name: 'Ruby', reason: 'Phone "12" is not a valid phone number.' },
  ],
};

const NO_HISTORY: ImportHistoryResponse = { imports: [] };

function renderManager(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup(options);
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <ImportManager />
    </AppProviders>,
  );
  return { ...view, user };
}

async function chooseFile(container: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File([VCARD], 'contacts.vcf', { type: 'text/vcard' }));
}

afterEach(() => {
  resetImport();
});

describe('Import Manager', () => {
  it('has the Import Data and Templates tabs, the guidelines and four real templates', async () => {
    stubApi({ 'GET /api/imports': () => jsonResponse(200, NO_HISTORY) });
    const { user } = renderManager();
    expect(screen.getByRole('tab', { name: 'Import Data' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const column of [
      'First Name',
      'Last Name',
      'Phone Number',
      'Email Address',
      'Home Address (optional)',
      'Notes (optional)',
    ]) {
      expect(screen.getByText(column)).toBeVisible();
    }
    expect(screen.getByText(/Duplicates are merged by phone and email/)).toBeVisible();
    expect(await screen.findByText('No imports yet.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Templates' }));
    for (const [title, kind] of [
      ['Customer Import Template', 'customers'],
      ['Driver Import Template', 'drivers'],
      ['Vehicle Import Template', 'vehicles'],
      ['Booking Import Template', 'bookings'],
    ]) {
      expect(screen.getByRole('link', { name: `Download ${title}` })).toHaveAttribute(
        'href',
        `/api/imports/templates/${kind}`,
      );
    }
    expect(screen.queryByText(/imports are coming/i)).toBeNull();
    expect(screen.getByText(/import it on the Import Data tab/)).toBeVisible();
  });

  it('refuses a file that is not .csv or .vcf with a message naming it, and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/imports': () => jsonResponse(200, NO_HISTORY) });
    // applyAccept off: the file reaches the drop zone as a drag from the desktop would.
    const { user, container } = renderManager({ applyAccept: false });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.7'], 'customers.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"customers.pdf" is not a .csv or .vcf file. Save a spreadsheet as CSV, or export contacts as vCard, and choose that file.',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/imports/preview');
  });

  it('previews the file, confirms it and shows the file’s own counts', async () => {
    const confirmed = deferred<Response>();
    let previewBody: unknown;
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': ({ body }) => {
        previewBody = body;
        return jsonResponse(200, PREVIEW);
      },
      'POST /api/imports': () => confirmed.promise,
    });
    const { user, container } = renderManager();
    await chooseFile(container, user);

    const preview = await screen.findByRole('table', { name: 'Preview' });
    expect(previewBody).toEqual({
      fileName: 'contacts.vcf',
      content: Buffer.from(VCARD).toString('base64'),
    });
    expect(within(preview).getByText('Grace Harris')).toBeVisible();
    expect(within(preview).getByText('Phone "12" is not a valid phone number.')).toBeVisible();
    // A failed row has no record to show: the name the file gave it stands in.
    const failed = within(preview).getByRole('row', { name: /^8 / });
    expect(within(failed).getByText('Ruby')).toBeVisible();
    expect(screen.getByLabelText('Total: 7')).toBeVisible();
    // Before Confirm import nothing is imported yet: the counts say what it would do.
    expect(screen.getByLabelText(/^To add: \d+$/)).toBeVisible();
    expect(screen.queryByLabelText(/^Imported: /)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('Importing 7 rows from contacts.vcf…')).toBeVisible();
    // The clock stands still from before the report appears, so the first
    // click below is within a double click of its appearing however slowly
    // the test runs; then it moves on by a double click's gap.
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now);
    onTestFinished(() => clock.mockRestore());
    confirmed.resolve(jsonResponse(201, { report: REPORT }));

    expect(await screen.findByText('Import complete')).toBeVisible();
    expect(screen.getByLabelText('Imported: 3')).toBeVisible();
    expect(screen.getByLabelText('Merged: 2')).toBeVisible();
    expect(screen.getByLabelText('Skipped: 1')).toBeVisible();
    expect(screen.getByLabelText('Errors: 1')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download report' })).toHaveAttribute(
      'href',
      `/api/imports/${REPORT.id}/report.csv`,
    );

    // The second half of a double click on Confirm import lands on the button
    // that took its place: the report stays. A click meant for it still works.
    const another = screen.getByRole('button', { name: 'Import another file' });
    fireEvent.click(another);
    expect(screen.getByText('Import complete')).toBeVisible();
    // A millisecond past: (now + 500) - now is 499.99... for some values of now.
    clock.mockReturnValue(now + DOUBLE_CLICK_MS + 1);
    fireEvent.click(another);
    await waitFor(() => expect(screen.queryByText('Import complete')).not.toBeInTheDocument());
  });

  it('shows the rows the server has processed while it imports', async () => {
    const confirmed = deferred<Response>();
    const progressIds: string[] = [];
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': () => jsonResponse(200, PREVIEW),
      'POST /api/imports': ({ init }) => {
        progressIds.push(new Headers(init?.headers).get('x-import-progress-id') ?? '');
        return confirmed.promise;
      },
    });
    const progress = vi.fn(() => jsonResponse(200, { processed: 500, total: 1200 }));
    const fetchMock = vi.mocked(fetch);
    const fallback = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/api/imports/progress/') ? progress() : fallback(input, init),
    );
    const { user, container } = renderManager();
    await chooseFile(container, user);
    await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    expect(
      await screen.findByText('500 of 1,200 rows processed', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(progressIds[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      `/api/imports/progress/${progressIds[0]}`,
    );
    confirmed.resolve(jsonResponse(201, { report: REPORT }));
    expect(await screen.findByText('Import complete')).toBeVisible();
  });

  it('reads "Error processing contacts" with the reason underneath', async () => {
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': () =>
        errorResponse(400, 'invalid_input', 'Line 5: the vCard that begins here has no END:VCARD.'),
    });
    const { user, container } = renderManager();
    await chooseFile(container, user);
    expect(await screen.findByText('Error processing contacts')).toBeVisible();
    expect(screen.getByText('Line 5: the vCard that begins here has no END:VCARD.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText(/Drag a .csv or .vcf file here/)).toBeVisible();
  });

  it('keeps the preview when the dialog is closed and opened again', async () => {
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': () => jsonResponse(200, PREVIEW),
    });
    const first = renderManager();
    await chooseFile(first.container, first.user);
    await screen.findByRole('table', { name: 'Preview' });
    first.unmount();

    renderManager();
    expect(screen.getByRole('table', { name: 'Preview' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirm import' })).toBeEnabled();
  });

  it('keeps an import in progress when the dialog is closed, and shows its result when opened again', async () => {
    const confirmed = deferred<Response>();
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': () => jsonResponse(200, PREVIEW),
      'POST /api/imports': () => confirmed.promise,
    });
    const first = renderManager();
    await chooseFile(first.container, first.user);
    await first.user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('Importing 7 rows from contacts.vcf…')).toBeVisible();
    first.unmount();

    renderManager();
    expect(screen.getByText('Importing 7 rows from contacts.vcf…')).toBeVisible();
    expect(
      screen.getByText(
        'You can close this dialog; the import carries on and its result waits here.',
      ),
    ).toBeVisible();
    confirmed.resolve(jsonResponse(201, { report: REPORT }));
    expect(await screen.findByText('Import complete')).toBeVisible();
    expect(screen.getByLabelText('Imported: 3')).toBeVisible();
  });

  it('shows a past import’s report rows in the dialog', async () => {
    stubApi({
      'GET /api/imports': () =>
        jsonResponse(200, { imports: [{ ...REPORT, rows: undefined }] } as unknown),
      [`GET /api/imports/${REPORT.id}`]: () => jsonResponse(200, { report: REPORT }),
    });
    const { user } = renderManager();
    await user.click(
      await screen.findByRole('button', { name: 'View the report of contacts.vcf' }),
    );
    const rows = await screen.findByRole('table', { name: 'Report rows' });
    expect(within(rows).getByText('Ruby')).toBeVisible();
    expect(within(rows).getByText('Phone "12" is not a valid phone number.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close report' }));
    expect(screen.queryByRole('table', { name: 'Report rows' })).toBeNull();
  });

  it('previews a booking import with its pickup, passenger and customer', async () => {
    const bookingsPreview: ImportPreviewResponse = {
      ...PREVIEW,
      kind: 'bookings',
      fileName: 'bookings.csv',
      format: 'Booking Import Template',
      counts: { total: 1, imported: 1, merged: 0, skipped: 0, errors: 0 },
      rows: [
        {
          line: 2,
          action: 'new',
          reason: null,
          name: 'Olivia Bennett, 2026-12-24 09:30',
          mergeWith: null,
          customer: null,
          booking: {
            pickupTime: '2026-12-24T01:30:00.000Z',
            pickupWallTime: '2026-12-24 09:30',
            pickupLocation: 'Perth Airport T1, Perth WA 6105',
            dropoffLocation: '12 Hay Street, Perth WA 6000',
            passengerName: 'Olivia Bennett',
            phone: '+61412345678',
            email: null,
            numPassengers: 2,
            numSuitcases: 2,
            vehicleType: 'Standard HUG',
            notes: '',
            customer: { id: null, name: 'Olivia Bennett', isNew: true },
          },
        },
      ],
    };
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': () => jsonResponse(200, bookingsPreview),
    });
    const { user, container } = renderManager();
    await chooseFile(container, user);
    const preview = await screen.findByRole('table', { name: 'Preview' });
    for (const header of ['Pickup', 'From', 'To', 'Passenger', 'Customer', 'Vehicle']) {
      expect(within(preview).getByRole('columnheader', { name: header })).toBeVisible();
    }
    expect(within(preview).getByText('Dec 24, 2026, 9:30 am')).toBeVisible();
    expect(within(preview).getByText('Olivia Bennett (new customer)')).toBeVisible();
    expect(within(preview).getByText('Standard HUG, 2 pax, 2 bags')).toBeVisible();
    // Said before confirming: the file gives no map points, so no fare (decision 208).
    expect(screen.getByText(UNPRICED_IMPORT_NOTE)).toBeVisible();
  });

  it('asks for a column mapping when the CSV is not one it knows, and previews again with it', async () => {
    const bodies: unknown[] = [];
    const mapped: ImportPreviewResponse = {
      ...PREVIEW,
      fileName: 'export.csv',
      format: 'CSV with mapped columns',
      headers: ['Passenger', 'Mob'],
      mapping: { Passenger: 'fullName', Mob: 'ignore' },
      needsMapping: true,
    };
    stubApi({
      'GET /api/imports': () => jsonResponse(200, NO_HISTORY),
      'POST /api/imports/preview': ({ body }) => {
        bodies.push(body);
        return jsonResponse(200, mapped);
      },
    });
    const { user, container } = renderManager();
    await chooseFile(container, user);
    await user.click((await screen.findAllByLabelText('Mob'))[0]!);
    await user.click(await screen.findByRole('option', { name: 'Phone Number' }));
    await user.click(screen.getByRole('button', { name: 'Update preview' }));
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]).toMatchObject({ mapping: { Passenger: 'fullName', Mob: 'phone' } });
  });
});
