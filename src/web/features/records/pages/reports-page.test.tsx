import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WA_RECORD_COLUMNS } from '../../../../domain/records';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function openReports() {
  stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/public-settings': () =>
      jsonResponse(200, {
        business: { name: 'Perth Chauffeur Ops', phone: '', email: '', bookNowUrl: '/book' },
        timeZone: 'Australia/Perth',
        tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      }),
  });
  renderApp(['/admin/reports']);
  await screen.findByRole('heading', { name: 'WA booking records' }, { timeout: 15_000 });
}

describe('Admin → Reports', { timeout: 30_000 }, () => {
  it('downloads the WA booking records for the chosen days, naming the columns', async () => {
    await openReports();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-31' } });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/records/wa-bookings.csv?from=2030-03-01&to=2030-03-31',
    );
    expect(screen.getByText(`Columns: ${WA_RECORD_COLUMNS.join(', ')}.`)).toBeInTheDocument();
    expect(screen.getByText(/kept for 2 years after the request/)).toBeInTheDocument();
  });

  it('refuses a range that ends before it starts, with no link to follow', async () => {
    await openReports();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-01' } });
    expect(screen.getByText('To must not be before from')).toBeInTheDocument();
    const download = screen.getByText('Download CSV').closest('a, button')!;
    expect(download).not.toHaveAttribute('href');
    expect(download).toHaveAttribute('data-disabled', 'true');
  });
});
