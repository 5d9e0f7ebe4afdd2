import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_YEARS_MESSAGE } from '../../../../domain/api/business-dates';
import { DEFAULT_DOCUMENT_REQUIREMENTS, type FleetDocument } from '../../../../domain/documents';
import { AppProviders } from '../../../app/providers';
import { deferred, jsonResponse, stubApi } from '../../../test/api-stub';
import { NOT_A_DATE, RequiredDocumentCards } from './required-document-cards';

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
    changes: [],
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

  it('says at the field that a typed date does not exist (31/02), and sends nothing', async () => {
    const fetch = stubApi({});
    const user = renderCards([document('licence', { verification: 'verified' })]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Change expiry' }));
    const field = within(licence).getByLabelText('New expiry date');
    expect(field).toHaveAccessibleDescription(
      'A new date withdraws the verification: verify it again against the paper.',
    );
    // What the browser does with 31/02/2031 typed in a date field: an empty
    // value and a bad input (jsdom has no date editor to type into).
    Object.defineProperty(field, 'validity', { value: { badInput: true, valid: false } });
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyUp(field, { key: '1' });
    fireEvent.blur(field);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      `${NOT_A_DATE} A new date withdraws the verification: verify it again against the paper.`,
    );
    expect(within(licence).getByText(NOT_A_DATE)).toBeVisible();
    // Save says why instead of doing nothing; nothing is sent.
    await user.click(within(licence).getByRole('button', { name: 'Save expiry' }));
    expect(within(licence).getByText(NOT_A_DATE)).toBeVisible();
    expect(
      fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH'),
    ).toEqual([]);
  });

  it('says at the field that an expiry before the issue date cannot be saved', async () => {
    const user = renderCards([document('licence')]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Change expiry' }));
    const field = within(licence).getByLabelText('New expiry date');
    fireEvent.change(field, { target: { value: '2024-02-01' } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Expiry date must be on or after the issue date.');
    expect(within(licence).getByRole('button', { name: 'Save expiry' })).toBeDisabled();
  });

  it('says at the field that a year typed past four digits is out of range, and sends nothing', async () => {
    const user = renderCards([document('licence')]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Change expiry' }));
    const field = within(licence).getByLabelText('New expiry date');
    // A date field takes 03/10/22027 as a date: its value is '22027-03-10'.
    fireEvent.change(field, { target: { value: '22027-03-10' } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`Expiry date ${BUSINESS_YEARS_MESSAGE}.`);
    expect(within(licence).getByRole('button', { name: 'Save expiry' })).toBeDisabled();
  });

  it('says who changed the expiry, from and to, and when, in the app date style', () => {
    renderCards([
      document('licence', {
        expiresOn: '2027-03-12',
        changes: [
          {
            field: 'expiresOn',
            from: '2026-03-12',
            to: '2027-03-12',
            changedBy: 'Alex Admin',
            changedAt: '2026-11-29T02:00:00.000Z',
            verificationWithdrawn: true,
          },
        ],
      }),
    ]);
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    expect(
      within(licence).getByText(
        'Expiry changed from Mar 12, 2026 to Mar 12, 2027 by Alex Admin on Nov 29, 2026; the verification was withdrawn',
      ),
    ).toBeVisible();
    expect(within(licence).getByText('Unverified')).toBeVisible();
    expect(within(licence).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });
});
