import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DOCUMENT_REQUIREMENTS, type FleetDocument } from '../../../../domain/documents';
import { AppProviders } from '../../../app/providers';
import { deferred, jsonResponse, stubApi } from '../../../test/api-stub';
import { RequiredDocumentCards } from './required-document-cards';

afterEach(() => vi.unstubAllGlobals());

function document(type: string, overrides: Partial<FleetDocument> = {}): FleetDocument {
  return {
    id: `doc-${type}`,
    subject: 'driver',
    driverId: 'd1',
    vehicleId: null,
    type,
    typeLabel: type,
    number: `N-${type}`,
    issuedOn: '2024-03-01',
    expiresOn: '2029-03-01',
    status: 'valid',
    verification: 'unverified',
    verifiedBy: null,
    verifiedAt: null,
    rejectedReason: null,
    notes: '',
    fileName: `${type}.pdf`,
    contentType: 'application/pdf',
    size: 100,
    uploadedBy: 'Zoë Nguyen',
    uploadedAt: '2024-03-02T00:00:00.000Z',
    ...overrides,
  };
}

function renderCards(documents: FleetDocument[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RequiredDocumentCards
        owner="drivers/d1"
        types={DEFAULT_DOCUMENT_REQUIREMENTS.driver}
        documents={documents}
        canReview
        canUpload
      />
    </AppProviders>,
  );
  return userEvent.setup();
}

describe("a driver's document cards", { timeout: 15_000 }, () => {
  it('saves a new expiry once on a double click of Save expiry', async () => {
    const answer = deferred<Response>();
    const fetch = stubApi({ 'PATCH /api/fleet-documents/doc-licence': () => answer.promise });
    const user = renderCards([document('licence')]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Change expiry' }));
    fireEvent.change(within(licence).getByLabelText('New expiry date'), {
      target: { value: '2031-01-01' },
    });
    // Two clicks in one task: a fast double click lands before React renders the button busy.
    const save = within(licence).getByRole('button', { name: 'Save expiry' });
    fireEvent.click(save);
    fireEvent.click(save);
    const patches = () =>
      fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1));
    answer.resolve(
      jsonResponse(200, { document: document('licence', { expiresOn: '2031-01-01' }) }),
    );
    await waitFor(() =>
      expect(within(licence).queryByLabelText('New expiry date')).not.toBeInTheDocument(),
    );
    expect(patches()).toHaveLength(1);
  });

  it('asks for the date of a licence stored without one, not "Does not expire"', () => {
    renderCards([
      document('licence', { expiresOn: null }),
      document('police-certificate', { expiresOn: null }),
    ]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    expect(licence).toHaveTextContent('Expiry: Not given: enter the date printed on it');
    const police = screen.getByRole('region', { name: 'National police clearance' });
    expect(police).toHaveTextContent('Expiry: Does not expire');
  });
});
