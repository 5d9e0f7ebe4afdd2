import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  FleetDocumentFieldsSchema,
  OverrideInputSchema,
  overrideRefusal,
  RejectDocumentInputSchema,
  type DriverDocumentsResponse,
  type FleetDocument,
} from '../../../../domain/documents';
import { getDefaultZIndex, Modal } from '@mantine/core';
import { toWallTime } from '../../../../domain/bookings/wall-time';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema, schemaMaxLength } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';
import { fleetVehicle } from '../../../test/vehicle-fixtures';
import { DocumentStatusBadges, DriverDocumentStatus } from './document-status';
import { DriverDocumentsPanel, VehicleDocumentsPanel } from './driver-documents-panel';

function fleetDocument(type: string, overrides: Partial<FleetDocument> = {}): FleetDocument {
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
    verification: 'verified',
    verifiedBy: 'Ada Admin',
    verifiedAt: '2024-03-02T01:00:00.000Z',
    rejectedReason: null,
    notes: '',
    fileName: `${type}.pdf`,
    contentType: 'application/pdf',
    size: 100,
    uploadedBy: 'Ada Admin',
    uploadedAt: '2024-03-02T00:00:00.000Z',
    changes: [],
    ...overrides,
  };
}

const VEHICLE_DOCUMENTS = ['registration', 'ptv', 'insurance'].map((type) =>
  fleetDocument(type, { subject: 'vehicle', driverId: null, vehicleId: 'v1' }),
);

const PAPERS_NOT_IN_ORDER: DriverDocumentsResponse['compliance'] = {
  isCompliant: false,
  hasExpired: false,
  hasRejected: false,
  isOverridden: false,
  problems: [
    {
      subject: 'driver',
      type: 'ptd',
      kind: 'unverified',
      message: 'PTD authorization is not verified',
      detail: 'PTD authorization is not verified',
      key: 'driver:ptd',
      isOverridden: false,
    },
    {
      subject: 'driver',
      type: 'police-certificate',
      kind: 'missing',
      message: 'National police clearance is missing',
      detail: 'National police clearance is missing',
      key: 'driver:police-certificate',
      isOverridden: false,
    },
  ],
};

/**
 * The documents answer as the server gives it: the pass suspends a driver
 * for an expired or rejected paper (a test says otherwise with
 * `isSuspended`), and the override refusal follows by the route's rule.
 */
function driverDocuments(
  overrides: Partial<DriverDocumentsResponse> = {},
): DriverDocumentsResponse {
  const compliance = overrides.compliance ?? PAPERS_NOT_IN_ORDER;
  const isSuspended = overrides.isSuspended ?? (compliance.hasExpired || compliance.hasRejected);
  return {
    requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
    documents: [
      fleetDocument('licence'),
      fleetDocument('ptd', {
        status: 'expiring',
        expiresOn: '2030-01-20',
        verification: 'unverified',
        verifiedBy: null,
        verifiedAt: null,
      }),
    ],
    vehicle: { id: 'v1', registration: '1ABC234', documents: VEHICLE_DOCUMENTS },
    override: null,
    ...overrides,
    compliance,
    isSuspended,
    overrideRefusal: overrides.overrideRefusal ?? overrideRefusal(compliance, isSuspended),
  };
}

/** An expired licence suspends the driver: the panel offers the override. */
const SUSPENDED_FOR_EXPIRY: DriverDocumentsResponse['compliance'] = {
  isCompliant: false,
  hasExpired: true,
  hasRejected: false,
  isOverridden: false,
  problems: [
    {
      subject: 'driver',
      type: 'licence',
      kind: 'expired',
      message: "Driver's licence expired on Jan 1, 2030",
      detail: "Driver's licence expired on Jan 1, 2030",
      key: 'driver:licence',
      isOverridden: false,
    },
  ],
};

/**
 * The tester's steps (decision 153): an override granted for the expired
 * licence, then the car's registration expired. The override covers the
 * licence only; the registration suspends the driver.
 */
const OVERRIDE: DriverDocumentsResponse['override'] = {
  reason: 'Renewed licence sighted, paper copy at office',
  endsAt: '2030-01-04T02:00:00.000Z',
  createdBy: 'Ada Admin',
  createdAt: '2030-01-01T02:00:00.000Z',
};
const REGISTRATION_EXPIRED_UNDER_OVERRIDE: DriverDocumentsResponse['compliance'] = {
  isCompliant: false,
  hasExpired: true,
  hasRejected: false,
  isOverridden: true,
  problems: [
    { ...SUSPENDED_FOR_EXPIRY.problems[0]!, isOverridden: true },
    {
      subject: 'vehicle',
      type: 'registration',
      kind: 'expired',
      message: 'Vehicle 1ABC234: Registration expired on Dec 30, 2029',
      detail: 'Registration expired on Dec 30, 2029',
      key: 'vehicle:v1:registration',
      isOverridden: false,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

function renderWithProviders(children: React.ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test">
      {children}
    </AppProviders>,
  );
  return { user, queryClient };
}

describe('Driver Documentation panel', { timeout: 15_000 }, () => {
  it('shows each card with its status, issue date and expiry, and what keeps the driver from work', async () => {
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()) });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);

    const licence = await screen.findByRole('region', { name: "Driver's licence" });
    expect(within(licence).getByText('Valid')).toBeInTheDocument();
    expect(within(licence).getByText('Verified')).toBeInTheDocument();
    expect(within(licence).getByText('Issued: Mar 1, 2024')).toBeInTheDocument();
    expect(within(licence).getByText('Expiry: Mar 1, 2029')).toBeInTheDocument();
    expect(within(licence).getByText('Verified by Ada Admin on Mar 2, 2024')).toBeInTheDocument();
    expect(within(licence).getByRole('link', { name: 'Download licence.pdf' })).toHaveAttribute(
      'href',
      '/api/fleet-documents/doc-licence/file',
    );
    const ptd = screen.getByRole('region', { name: 'PTD authorization' });
    expect(within(ptd).getByText('Expiring')).toBeInTheDocument();
    expect(within(ptd).getByText('Unverified')).toBeInTheDocument();
    const police = screen.getByRole('region', { name: 'National police clearance' });
    expect(within(police).getByText('Missing')).toBeInTheDocument();
    expect(within(police).getByRole('button', { name: 'Upload' })).toBeInTheDocument();

    expect(screen.getByText('Cannot work yet')).toBeInTheDocument();
    expect(screen.getByText('National police clearance is missing')).toBeInTheDocument();
    expect(screen.getByText('Vehicle documents: 1ABC234')).toBeInTheDocument();
    expect(
      screen.getByText('Expired documents cause automatic account suspension.'),
    ).toBeInTheDocument();
    // Nothing has expired: there is no suspension an override could lift.
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
  });

  it("says which papers to renew soon under a green Documents in order, the vehicle's named by its plate", async () => {
    const inOrder: DriverDocumentsResponse['compliance'] = {
      isCompliant: true,
      hasExpired: false,
      hasRejected: false,
      isOverridden: false,
      problems: [],
    };
    const answer = driverDocuments({
      compliance: inOrder,
      documents: [
        fleetDocument('licence', {
          typeLabel: "Driver's licence",
          status: 'expiring',
          expiresOn: '2030-01-20',
        }),
      ],
      vehicle: {
        id: 'v1',
        registration: '1ABC234',
        documents: [
          fleetDocument('registration', {
            subject: 'vehicle',
            driverId: null,
            vehicleId: 'v1',
            typeLabel: 'Registration',
            status: 'expiring',
            expiresOn: '2030-01-25',
          }),
        ],
      },
    });
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, answer) });
    const renew =
      "Renew soon: Driver's licence expires on Jan 20, 2030; Registration of 1ABC234 expires on Jan 25, 2030.";

    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Documents in order')).toBeVisible();
    expect(within(alert).getByText(renew)).toBeVisible();
    cleanup();

    // The profile's Document status says it beside its badge.
    renderWithProviders(<DriverDocumentStatus driverId="d1" />);
    expect(await screen.findByText(renew)).toBeVisible();
  });

  it("says a vehicle's papers due for renewal on its own panel too, as a driver's does", async () => {
    stubApi({
      'GET /api/vehicles/v1/documents': () =>
        jsonResponse(200, {
          requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
          documents: [
            fleetDocument('insurance', {
              subject: 'vehicle',
              driverId: null,
              vehicleId: 'v1',
              typeLabel: 'Insurance',
              status: 'expiring',
              expiresOn: '2030-01-20',
            }),
          ],
          problems: [],
        }),
    });
    renderWithProviders(<VehicleDocumentsPanel vehicleId="v1" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Documents in order')).toBeVisible();
    expect(within(alert).getByText('Renew soon: Insurance expires on Jan 20, 2030.')).toBeVisible();
  });

  it('says which renewals await verification while the verified papers they renew still count (decision 182)', async () => {
    const inOrder: DriverDocumentsResponse['compliance'] = {
      isCompliant: true,
      hasExpired: false,
      hasRejected: false,
      isOverridden: false,
      problems: [],
    };
    const renewal = { verification: 'unverified', verifiedBy: null, verifiedAt: null } as const;
    const answer = driverDocuments({
      compliance: inOrder,
      documents: [
        fleetDocument('licence', { typeLabel: "Driver's licence", ...renewal }),
        // Not a required type: nothing stands or falls by it.
        fleetDocument('first-aid', { typeLabel: 'First aid', ...renewal }),
      ],
      vehicle: {
        id: 'v1',
        registration: '1ABC234',
        documents: [
          fleetDocument('registration', {
            subject: 'vehicle',
            driverId: null,
            vehicleId: 'v1',
            typeLabel: 'Registration',
            ...renewal,
          }),
        ],
      },
    });
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, answer) });
    const awaiting =
      "Awaiting verification: Driver's licence; Registration of 1ABC234. Until then the verified ones they renew count.";

    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Documents in order')).toBeVisible();
    expect(within(alert).getByText(awaiting)).toBeVisible();
    cleanup();

    renderWithProviders(<DriverDocumentStatus driverId="d1" />);
    expect(await screen.findByText(awaiting)).toBeVisible();
  });

  it('says nothing awaits verification of a paper the check names as keeping the driver from work', async () => {
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()) });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('PTD authorization is not verified')).toBeVisible();
    expect(within(alert).queryByText(/Awaiting verification/)).not.toBeInTheDocument();
  });

  it("opens Upload above the admin dashboard's Driver Documents dialog it sits in", async () => {
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()) });
    // The dashboard's dialogs are @mantine/modals' managed modals: one above the modal layer.
    const { user } = renderWithProviders(
      <Modal
        opened
        onClose={() => {}}
        title="Driver Documents"
        zIndex={getDefaultZIndex('modal') + 1}
      >
        <DriverDocumentsPanel driverId="d1" canReview />
      </Modal>,
    );
    const police = await screen.findByRole('region', { name: 'National police clearance' });
    await user.click(within(police).getByRole('button', { name: 'Upload' }));
    const upload = await screen.findByRole('dialog', {
      name: 'Upload National police clearance',
    });
    const layer = (dialog: HTMLElement) =>
      Number(
        getComputedStyle(dialog.closest('.mantine-Modal-root') as HTMLElement).getPropertyValue(
          '--mb-z-index',
        ),
      );
    const outer = screen.getByRole('dialog', { name: 'Driver Documents' });
    expect(layer(upload)).toBeGreaterThan(layer(outer));
  });

  it("has the driver's profile read again once a document is verified: its status badge follows", async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()),
      'POST /api/fleet-documents/doc-ptd/verify': () =>
        jsonResponse(200, { document: fleetDocument('ptd') }),
    });
    const { user, queryClient } = renderWithProviders(
      <DriverDocumentsPanel driverId="d1" canReview />,
    );
    // What the driver's page shows beside their name: the admin's profile of
    // them (get-driver-profile.ts, a feature this one does not import).
    const profileKey = ['admin', 'drivers', 'd1', 'profile'];
    queryClient.setQueryData(profileKey, { driver: {} } as never);
    const ptd = await screen.findByRole('region', { name: 'PTD authorization' });
    await user.click(within(ptd).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(queryClient.getQueryState(profileKey)?.isInvalidated).toBe(true));
  });

  it('lets an admin verify, reject with a reason and change an expiry', async () => {
    const fetch = stubApi({
      'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()),
      'POST /api/fleet-documents/doc-ptd/verify': () =>
        jsonResponse(200, { document: fleetDocument('ptd') }),
      'POST /api/fleet-documents/doc-licence/reject': () =>
        jsonResponse(200, { document: fleetDocument('licence', { verification: 'rejected' }) }),
      'PATCH /api/fleet-documents/doc-licence': () =>
        jsonResponse(200, { document: fleetDocument('licence') }),
    });
    const { user } = renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const ptd = await screen.findByRole('region', { name: 'PTD authorization' });
    await user.click(within(ptd).getByRole('button', { name: 'Verify' }));
    const licence = screen.getByRole('region', { name: "Driver's licence" });
    expect(within(licence).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    await user.click(within(licence).getByRole('button', { name: 'Reject' }));
    // Pasted, not typed: each keystroke re-renders the panel, slow in jsdom.
    await user.click(within(licence).getByLabelText('Reason'));
    await user.paste('Photo is blurry');
    await user.click(within(licence).getAllByRole('button', { name: 'Reject' }).at(-1)!);
    await user.click(within(licence).getByRole('button', { name: 'Change expiry' }));
    fireEvent.change(within(licence).getByLabelText('New expiry date'), {
      target: { value: '2026-01-01' },
    });
    await user.click(within(licence).getByRole('button', { name: 'Save expiry' }));

    await waitFor(() => {
      const sent = fetch.mock.calls.map(([input, init]) => [
        `${init?.method ?? 'GET'} ${String(input)}`,
        init?.body ?? null,
      ]);
      expect(sent).toContainEqual(['POST /api/fleet-documents/doc-ptd/verify', null]);
      expect(sent).toContainEqual([
        'POST /api/fleet-documents/doc-licence/reject',
        JSON.stringify({ reason: 'Photo is blurry' }),
      ]);
      expect(sent).toContainEqual([
        'PATCH /api/fleet-documents/doc-licence',
        JSON.stringify({ expiresOn: '2026-01-01' }),
      ]);
    });
  });

  it("reloads the driver's and vehicles' records after a review: their status comes from the documents", async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()),
      'POST /api/fleet-documents/doc-ptd/verify': () =>
        jsonResponse(200, { document: fleetDocument('ptd') }),
    });
    const { user, queryClient } = renderWithProviders(
      <DriverDocumentsPanel driverId="d1" canReview />,
    );
    // What the driver page and the vehicles list hold (their status badges).
    const record = ['drivers', 'record', 'd1'];
    const vehicles = ['vehicles', 'list', {}];
    queryClient.setQueryData(record, { driver: { id: 'd1', status: 'pending-verification' } });
    queryClient.setQueryData(vehicles, { vehicles: [] });
    const ptd = await screen.findByRole('region', { name: 'PTD authorization' });
    await user.click(within(ptd).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(queryClient.getQueryState(record)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(vehicles)?.isInvalidated).toBe(true);
  });

  it('does not let an admin verify an expired document, and says why', async () => {
    const fetch = stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({
            documents: [
              fleetDocument('licence', {
                status: 'expired',
                expiresOn: '2024-01-10',
                verification: 'unverified',
                verifiedBy: null,
                verifiedAt: null,
              }),
              fleetDocument('ptd', {
                verification: 'unverified',
                verifiedBy: null,
                verifiedAt: null,
              }),
            ],
          }),
        ),
    });
    const { user } = renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const licence = await screen.findByRole('region', { name: "Driver's licence" });
    const verify = within(licence).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription(
      'An expired document cannot be verified: upload the renewed one, or correct the expiry date if it was entered wrong.',
    );
    await user.click(verify);
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain(
      '/api/fleet-documents/doc-licence/verify',
    );
    // Correcting a mistyped expiry stays possible.
    expect(within(licence).getByRole('button', { name: 'Change expiry' })).toBeEnabled();
    // An unexpired unverified document keeps its Verify.
    const ptd = screen.getByRole('region', { name: 'PTD authorization' });
    expect(within(ptd).getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(within(ptd).queryByText(/cannot be verified/)).not.toBeInTheDocument();
  });

  it("caps the upload, reject and override fields at the server schema's max length", async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(200, driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY })),
    });
    const { user } = renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const licence = await screen.findByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Reject' }));
    expect(within(licence).getByLabelText('Reason')).toHaveAttribute(
      'maxLength',
      String(schemaMaxLength(RejectDocumentInputSchema.shape.reason)),
    );
    expect(screen.getByLabelText('Override reason')).toHaveAttribute(
      'maxLength',
      String(schemaMaxLength(OverrideInputSchema.shape.reason)),
    );
    const police = screen.getByRole('region', { name: 'National police clearance' });
    await user.click(within(police).getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Upload National police clearance',
    });
    expectInputsCappedLikeSchema(dialog, {
      Number: FleetDocumentFieldsSchema.shape.number,
      Notes: FleetDocumentFieldsSchema.shape.notes,
    });
  });

  it('offers an override only while an expired document suspends the driver', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(200, driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY })),
    });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    expect(await screen.findByLabelText('Override reason')).toBeInTheDocument();
    expect(screen.getByLabelText('Until (at most 7 days)')).toBeInTheDocument();
    // A suspended driver is not a new one: 'Cannot work yet' said they were.
    expect(screen.getByText('Suspended: cannot work')).toBeVisible();
    expect(screen.queryByText('Cannot work yet')).not.toBeInTheDocument();
  });

  it('offers no override for a driver the check has not suspended yet, and says why', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY, isSuspended: false }),
        ),
    });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    expect(await screen.findByText(/^No override yet: the driver is not suspended/)).toBeVisible();
    expect(screen.getByText('Cannot work yet')).toBeVisible();
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Override' })).not.toBeInTheDocument();
  });

  it('offers no override over a rejected document, and says why', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({
            compliance: { ...SUSPENDED_FOR_EXPIRY, hasRejected: true },
          }),
        ),
    });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    expect(await screen.findByText(/^No override can be made/)).toBeVisible();
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
  });

  it('says what Override waits for, and refuses an end over 7 days ahead under Until, in words', async () => {
    const fetchMock = stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(200, driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY })),
      'POST /api/drivers/d1/compliance-override': () =>
        jsonResponse(400, {
          error: {
            code: 'invalid_input',
            message: 'endsAt: must be at most 7 days ahead',
            detail: 'endsAt: must be at most 7 days ahead',
            fields: { endsAt: 'must be at most 7 days ahead' },
          },
        }),
    });
    const { user } = renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    await user.type(await screen.findByLabelText('Override reason'), 'x');
    const button = screen.getByRole('button', { name: 'Override' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Choose the date and time the override ends.');

    const until = screen.getByLabelText('Until (at most 7 days)');
    const tenDaysAhead = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    const local = new Date(tenDaysAhead.getTime() - tenDaysAhead.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    fireEvent.change(until, { target: { value: local } });
    expect(button).toBeEnabled();
    await user.click(button);

    expect(until).toHaveAccessibleDescription('Must be at most 7 days ahead Perth time');
    expect(until).toBeInvalid();
    expect(screen.queryByText(/endsAt/)).toBeNull();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });

  it('reads the end of an override on the business clock (Perth time), whatever the device clock', async () => {
    const fetchMock = stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(200, driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY })),
      'POST /api/drivers/d1/compliance-override': () =>
        jsonResponse(200, driverDocuments({ compliance: SUSPENDED_FOR_EXPIRY })),
    });
    const { user } = renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    await user.type(await screen.findByLabelText('Override reason'), 'x');
    const until = screen.getByLabelText('Until (at most 7 days)');
    expect(until).toHaveAccessibleDescription('Perth time');
    // Two days ahead at 6 pm in Perth, typed as the field takes it.
    const day = toWallTime(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000), 'Australia/Perth');
    fireEvent.change(until, { target: { value: `${day.slice(0, 10)}T18:00` } });
    await user.click(screen.getByRole('button', { name: 'Override' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    // 6 pm in Perth (UTC+8, no daylight saving) is 10:00 UTC, whatever zone runs the test.
    expect(JSON.parse(String(init!.body))).toMatchObject({
      endsAt: `${day.slice(0, 10)}T10:00:00.000Z`,
    });
  });

  it('lists under an override only what it covers', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({
            compliance: {
              ...SUSPENDED_FOR_EXPIRY,
              isCompliant: true,
              isOverridden: true,
              problems: [{ ...SUSPENDED_FOR_EXPIRY.problems[0]!, isOverridden: true }],
            },
            override: OVERRIDE,
            isSuspended: false,
          }),
        ),
    });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Working under an override')).toBeVisible();
    expect(
      within(alert).getByText(/^Override until .*: Renewed licence sighted, paper copy at office$/),
    ).toBeVisible();
    expect(
      within(alert).getByText("Covered by the override: Driver's licence expired on Jan 1, 2030"),
    ).toBeVisible();
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
  });

  it('says a paper that expired under an override is not covered and suspends the driver (decision 153)', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({
            compliance: REGISTRATION_EXPIRED_UNDER_OVERRIDE,
            override: OVERRIDE,
          }),
        ),
    });
    renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Suspended: cannot work')).toBeVisible();
    expect(within(alert).queryByText('Working under an override')).toBeNull();
    expect(
      within(alert).getByText(
        'Vehicle 1ABC234: Registration expired on Dec 30, 2029: not covered by the override, so the driver is suspended',
      ),
    ).toBeVisible();
    expect(
      within(alert).getByText("Covered by the override: Driver's licence expired on Jan 1, 2030"),
    ).toBeVisible();
    // The driver is suspended for it: an override for it may be asked.
    expect(screen.getByLabelText('Override reason')).toBeInTheDocument();
  });

  it("is scrolled to and focused at the driver's page's #documents (a dashboard alert's link)", async () => {
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()) });
    const scrolled = vi.fn();
    const scrollIntoView = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scrolled;
    window.location.hash = '#documents';
    try {
      renderWithProviders(<DriverDocumentsPanel driverId="d1" canReview />);
      const panel = await screen.findByRole('region', { name: 'Driver documentation' });
      expect(panel).toHaveAttribute('id', 'documents');
      await waitFor(() => expect(panel).toHaveFocus());
      expect(scrolled.mock.contexts).toEqual([panel]);
    } finally {
      window.location.hash = '';
      HTMLElement.prototype.scrollIntoView = scrollIntoView;
    }
  });

  it("a driver uploads their own papers but only reads their vehicle's", async () => {
    stubApi({ 'GET /api/drivers/me/documents': () => jsonResponse(200, driverDocuments()) });
    renderWithProviders(<DriverDocumentsPanel driverId="me" canReview={false} />);
    const police = await screen.findByRole('region', { name: 'National police clearance' });
    expect(within(police).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change expiry' })).not.toBeInTheDocument();
    const registration = screen.getByRole('region', { name: 'Registration' });
    expect(within(registration).queryByRole('button', { name: /Upload|Replace/ })).toBeNull();
    expect(
      within(registration).getByRole('link', { name: 'Download registration.pdf' }),
    ).toBeVisible();
  });
});

describe("the driver profile's Document status", { timeout: 15_000 }, () => {
  it("says whether the driver may work and lists each document with its status and expiry ('MMM d, yyyy')", async () => {
    stubApi({ 'GET /api/drivers/d1/documents': () => jsonResponse(200, driverDocuments()) });
    renderWithProviders(<DriverDocumentStatus driverId="d1" />);
    expect(await screen.findByText('Cannot work yet')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Document',
      'Status',
      'Expiry',
    ]);
    expect(
      screen.getByRole('row', { name: "Driver's licence Valid Verified Mar 1, 2029" }),
    ).toBeVisible();
    expect(
      screen.getByRole('row', { name: 'PTD authorization Expiring Unverified Jan 20, 2030' }),
    ).toBeVisible();
    expect(screen.getByRole('row', { name: 'National police clearance Missing —' })).toBeVisible();
    expect(
      screen.getByRole('row', { name: '1ABC234: Registration Valid Verified Mar 1, 2029' }),
    ).toBeVisible();
  });

  it('names the paper an override does not cover apart from the one it covers (decision 153)', async () => {
    stubApi({
      'GET /api/drivers/d1/documents': () =>
        jsonResponse(
          200,
          driverDocuments({
            compliance: REGISTRATION_EXPIRED_UNDER_OVERRIDE,
            override: OVERRIDE,
          }),
        ),
    });
    renderWithProviders(<DriverDocumentStatus driverId="d1" />);
    expect(await screen.findByText('Suspended: cannot work')).toBeVisible();
    expect(
      screen.getByText(
        'Vehicle 1ABC234: Registration expired on Dec 30, 2029: not covered by the override, so the driver is suspended',
      ),
    ).toBeVisible();
    expect(
      screen.getByText("Covered by the override: Driver's licence expired on Jan 1, 2030"),
    ).toBeVisible();
  });

  it('colours expired red, expiring yellow and valid green', () => {
    renderWithProviders(
      <>
        {(['valid', 'expiring', 'expired'] as const).map((status) => (
          <DocumentStatusBadges key={status} document={fleetDocument(status, { status })} />
        ))}
      </>,
    );
    const colour = (text: string) =>
      screen.getByText(text).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(colour('Valid')).toContain('green');
    expect(colour('Expiring')).toContain('yellow');
    expect(colour('Expired')).toContain('red');
  });
});

const VEHICLE = fleetVehicle();

describe("the Vehicles page's documents", { timeout: 20_000 }, () => {
  it("opens a vehicle's documents and uploads its registration", async () => {
    const uploads: FormData[] = [];
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [VEHICLE] }),
      'GET /api/vehicles/v2/documents': () =>
        jsonResponse(200, {
          requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
          documents: [],
          problems: [
            {
              subject: 'vehicle',
              type: 'registration',
              kind: 'missing',
              message: 'Vehicle 1NEW001: Registration is missing',
              detail: 'Registration is missing',
            },
          ],
        }),
      'POST /api/vehicles/v2/documents': ({ init }) => {
        uploads.push(init?.body as FormData);
        return jsonResponse(201, { document: VEHICLE_DOCUMENTS[0] });
      },
    });
    const { user } = renderApp(['/admin/vehicles']);
    await user.click(
      await screen.findByRole('button', { name: 'Documents of 1NEW001' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Documents: 1NEW001' });
    expect(
      await within(dialog).findByText('Vehicle 1NEW001: Registration is missing'),
    ).toBeVisible();
    const registration = within(dialog).getByRole('region', { name: 'Registration' });
    await user.click(within(registration).getByRole('button', { name: 'Upload' }));

    const form = await screen.findByRole('dialog', { name: 'Upload Registration' });
    await user.type(within(form).getByLabelText('Number'), '1NEW001');
    await user.type(within(form).getByLabelText(/^Expiry date/), '2031-05-01');
    await user.upload(
      within(form).getByLabelText('Photo or PDF'),
      new File(['%PDF-1.4'], 'rego.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.get('type')).toBe('registration');
    expect(uploads[0]!.get('number')).toBe('1NEW001');
    expect(uploads[0]!.get('expiresOn')).toBe('2031-05-01');
    expect((uploads[0]!.get('file') as File).name).toBe('rego.pdf');
  });

  it('names a refused field by the label the form shows, not its API name', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [VEHICLE] }),
      'GET /api/vehicles/v2/documents': () =>
        jsonResponse(200, {
          requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
          documents: [],
          problems: [],
        }),
      'POST /api/vehicles/v2/documents': () =>
        jsonResponse(400, {
          error: {
            code: 'bad_request',
            message: 'expiresOn: must be on or after the issue date',
            detail: 'expiresOn: must be on or after the issue date',
            fields: { expiresOn: 'must be on or after the issue date' },
          },
        }),
    });
    const { user } = renderApp(['/admin/vehicles']);
    await user.click(
      await screen.findByRole('button', { name: 'Documents of 1NEW001' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Documents: 1NEW001' });
    const registration = await within(dialog).findByRole('region', { name: 'Registration' });
    await user.click(within(registration).getByRole('button', { name: 'Upload' }));
    const form = await screen.findByRole('dialog', { name: 'Upload Registration' });
    // Dates the form lets through (its own check is fleet-document-upload-form.test.tsx):
    // the refusal here is the server's.
    await user.type(within(form).getByLabelText('Issue date'), '2025-05-01');
    await user.type(within(form).getByLabelText(/^Expiry date/), '2030-05-01');
    await user.upload(
      within(form).getByLabelText('Photo or PDF'),
      new File(['%PDF-1.4'], 'rego.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Expiry date: Must be on or after the issue date.',
    );
  });
});
