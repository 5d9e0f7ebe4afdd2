import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../../domain/admin';
import type { ImportPreviewResponse, ImportReport } from '../../../../domain/imports/api';
import { deferred, jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { resetImport } from '../../imports/import-store';

const DASHBOARD: AdminDashboard = {
  generatedAt: '2026-03-10T02:30:00.000Z',
  timeZone: 'Australia/Perth',
  activeDrivers: { value: 14, yesterday: 11 },
  todaysBookings: { value: 57, yesterday: 61 },
  revenueCents: { value: 312_550, yesterday: 312_550 },
  alertCount: 0,
  alerts: [],
};

const PREVIEW: ImportPreviewResponse = {
  kind: 'customers',
  fileName: 'contacts.vcf',
  format: 'vCard 3.0',
  encoding: 'utf-8',
  headers: null,
  mapping: null,
  needsMapping: false,
  counts: { total: 1, imported: 1, merged: 0, skipped: 0, errors: 0 },
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
        email: null,
        homeAddress: null,
        notes: '',
        savedAddresses: [],
      },
    },
  ],
};

const REPORT: ImportReport = {
  id: '4b7c6a2e-8f0e-4c55-9a43-1f5e3c2b1a00',
  fileName: 'contacts.vcf',
  format: 'vCard 3.0',
  createdAt: '2026-11-23T01:00:00.000Z',
  createdBy: 'Sam Taylor',
  counts: { total: 1, imported: 1, merged: 0, skipped: 0, errors: 0 },
  rows: [],
};

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace Harris\r\nTEL:0411 100 200\r\nEND:VCARD';

afterEach(() => {
  resetImport();
});

async function openImportManager() {
  const confirmed = deferred<Response>();
  const fetchMock = stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/admin/dashboard': () => jsonResponse(200, DASHBOARD),
    'GET /api/imports': () => jsonResponse(200, { imports: [] }),
    'POST /api/imports/preview': () => jsonResponse(200, PREVIEW),
    'POST /api/imports': () => confirmed.promise,
  });
  const view = renderApp(['/admin']);
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 15_000 });
  await view.user.click(await screen.findByRole('button', { name: 'Import Manager' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Manager' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await view.user.upload(input, new File([VCARD], 'contacts.vcf', { type: 'text/vcard' }));
  const confirm = await within(dialog).findByRole('button', { name: 'Confirm import' });
  const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay')!;
  const posts = () =>
    fetchMock.mock.calls.filter(
      ([url, init]) => String(url) === '/api/imports' && init?.method === 'POST',
    ).length;
  return { ...view, dialog, confirm, overlay, confirmed, posts };
}

describe('the dashboard dialogs', { timeout: 60_000 }, () => {
  it('keeps Import Manager open through a double click on Confirm import: one import, its report shown', async () => {
    const { dialog, confirm, overlay, confirmed, posts } = await openImportManager();
    // A double click as the browser sends it: the first click on Confirm
    // import, the second (detail 2) where the pointer still is. The progress
    // that replaced the preview is shorter, so there it was the backdrop.
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(overlay, { detail: 2 });
    fireEvent.click(confirm, { detail: 2 });
    confirmed.resolve(jsonResponse(201, { report: REPORT }));

    expect(await within(dialog).findByText('Import complete')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Import Manager' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Imported: 1')).toBeVisible();
    expect(posts()).toBe(1);
  });

  it('still closes on a single click on the backdrop', async () => {
    const { overlay } = await openImportManager();
    fireEvent.click(overlay, { detail: 1 });
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Import Manager' })).toBeNull();
  });
});
