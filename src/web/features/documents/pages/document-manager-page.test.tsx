import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessDocumentFieldsSchema, type BusinessDocument } from '../../../../domain/documents';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';

function businessDocument(overrides: Partial<BusinessDocument>): BusinessDocument {
  return {
    id: 'doc-1',
    name: 'Passenger Safety Policy',
    category: 'Policies',
    status: 'active',
    sharedWith: ['dispatcher', 'driver'],
    version: 3,
    type: 'application/pdf',
    size: 1000,
    expiresOn: null,
    expiryStatus: 'valid',
    uploadedBy: 'Ada Admin',
    uploadedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const POLICY = businessDocument({});
const INSURANCE = businessDocument({
  id: 'doc-2',
  name: 'Public Liability Insurance',
  category: 'Legal',
  sharedWith: [],
  version: 2,
  expiresOn: '2030-01-20',
  expiryStatus: 'expiring',
});
const OLD_FORM = businessDocument({
  id: 'doc-3',
  name: 'Old Leave Form',
  category: 'Forms',
  status: 'archived',
  sharedWith: ['driver'],
  version: 1,
});
const NO_COUNTS = {
  'All Documents': 0,
  Policies: 0,
  Forms: 0,
  Reports: 0,
  Training: 0,
  Legal: 0,
};
const COUNTS = {
  'All Documents': 3,
  Policies: 1,
  Forms: 1,
  Reports: 0,
  Training: 0,
  Legal: 1,
};

afterEach(() => vi.unstubAllGlobals());

function openManager(overrides: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/documents': () =>
      jsonResponse(200, {
        documents: [POLICY, INSURANCE, OLD_FORM],
        counts: COUNTS,
        expiring: [INSURANCE],
      }),
    'POST /api/documents/archive': () => jsonResponse(200, { updated: 2 }),
    'POST /api/documents/restore': () => jsonResponse(200, { updated: 1 }),
    'POST /api/documents/share': () => jsonResponse(200, { updated: 1 }),
    'POST /api/documents': ({ init }) =>
      String((init?.body as FormData).get('name')).trim()
        ? // The server's answer to a name a current document has (case and spaces aside).
          jsonResponse(409, {
            error: {
              code: 'conflict',
              message:
                'A current document is already named "Passenger Safety Policy": use Renew on it to upload a new version, or choose another name.',
              fields: {
                name: 'is already the name of a current document ("Passenger Safety Policy"): use Renew on it to upload a new version, or choose another name',
              },
            },
          })
        : jsonResponse(400, {
            error: {
              code: 'invalid_input',
              message: 'name: is required',
              fields: { name: 'is required' },
            },
          }),
    'POST /api/documents/doc-2/versions': ({ init }) =>
      (init?.body as FormData).get('expiresOn') === '2020-05-05'
        ? jsonResponse(400, {
            error: {
              code: 'invalid_input',
              message:
                'expiresOn: cannot be in the past: a renewed document has a current expiry, or none',
              fields: {
                expiresOn:
                  'cannot be in the past: a renewed document has a current expiry, or none',
              },
            },
          })
        : jsonResponse(200, { document: { ...INSURANCE, version: 3 }, versions: [] }),
    ...overrides,
  });
  const view = renderApp(['/admin/documents']);
  const sent = (method: string, path: string) =>
    fetch.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && String(input).startsWith(`/api${path}`),
    );
  return { ...view, sent };
}

describe('Document Manager (spec 2.6)', { timeout: 30_000 }, () => {
  it('has the category filter with counts, the columns and status colours as the spec says', async () => {
    openManager();
    expect(
      await screen.findByRole('heading', { name: 'Document Manager' }, { timeout: 15_000 }),
    ).toBeVisible();
    const categories = await screen.findByRole('group', { name: 'Category' });
    await within(categories).findByRole('button', { name: 'All Documents (3)' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'All Documents (3)',
      'Policies (1)',
      'Forms (1)',
      'Reports (0)',
      'Training (0)',
      'Legal (1)',
    ]);
    expect(
      screen
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['Document', 'Category', 'Version', 'Status', 'Expiry', 'Shared With', 'Actions']);

    const policy = await screen.findByRole('row', { name: /Passenger Safety Policy/ });
    expect(within(policy).getByText('v3')).toBeInTheDocument();
    expect(within(policy).getByText('Dispatcher, Driver')).toBeInTheDocument();
    const badgeColour = (row: HTMLElement, status: string) =>
      within(row).getByText(status).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';
    expect(badgeColour(policy, 'active')).toContain('green');
    const archived = screen.getByRole('row', { name: /Old Leave Form/ });
    expect(badgeColour(archived, 'archived')).toContain('gray');
    const insurance = screen.getByRole('row', { name: /Public Liability Insurance/ });
    expect(within(insurance).getByText('Admins only')).toBeInTheDocument();
    expect(within(insurance).getByText('Jan 20, 2030')).toBeInTheDocument();
    expect(within(policy).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/documents/doc-1/file',
    );

    const notices = screen.getByRole('heading', { name: 'Expiry notifications' }).parentElement!;
    expect(
      within(notices).getByText('Public Liability Insurance expires on Jan 20, 2030'),
    ).toBeVisible();
    expect(within(notices).getByRole('button', { name: 'Renew' })).toBeVisible();
  });

  it('searches by name and filters by category on the server', async () => {
    const { user, sent } = openManager();
    await user.type(
      await screen.findByRole('textbox', { name: 'Search documents' }, { timeout: 15_000 }),
      'ins',
    );
    await user.click(await screen.findByRole('button', { name: 'Legal (1)' }));
    await waitFor(() =>
      expect(sent('GET', '/documents?').map(([input]) => String(input))).toContain(
        '/api/documents?q=ins&category=Legal',
      ),
    );
    expect(screen.getByRole('button', { name: 'Legal (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('archives and shares the selected rows in bulk', async () => {
    const { user, sent } = openManager();
    await user.click(
      await screen.findByRole(
        'checkbox',
        { name: 'Select Passenger Safety Policy' },
        { timeout: 15_000 },
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Public Liability Insurance' }));
    await user.click(screen.getAllByRole('button', { name: 'Archive' })[0]!);
    // Asked first: the staff they are shared with lose them.
    const asked = await screen.findByRole('dialog', { name: 'Archive 2 documents?' });
    expect(asked).toHaveTextContent('The staff they are shared with no longer see them.');
    expect(sent('POST', '/documents/archive')).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sent('POST', '/documents/archive')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST', '/documents/archive')[0]![1]!.body))).toEqual({
      ids: ['doc-1', 'doc-2'],
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select Old Leave Form' }));
    await user.click(screen.getAllByRole('button', { name: 'Share' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Share documents' });
    await user.click(within(dialog).getAllByLabelText('Shared with')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Operator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('POST', '/documents/share')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST', '/documents/share')[0]![1]!.body))).toEqual({
      ids: ['doc-3'],
      sharedWith: ['operator'],
    });
  });

  it('archives one row after asking, Cancel keeps it, and Restore brings an archived one back', async () => {
    const { user, sent } = openManager();
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await screen.findByText('Public Liability Insurance', {}, { timeout: 15_000 });
    await user.click(
      within(row('Public Liability Insurance')).getByRole('button', { name: 'Archive' }),
    );
    const asked = await screen.findByRole('dialog', {
      name: 'Archive Public Liability Insurance?',
    });
    // Shared with nobody: nothing said of staff.
    expect(asked).not.toHaveTextContent('shared with');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', '/documents/archive')).toHaveLength(0);

    // The archived row offers Restore instead of Archive.
    expect(within(row('Old Leave Form')).queryByRole('button', { name: 'Archive' })).toBeNull();
    await user.click(within(row('Old Leave Form')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(sent('POST', '/documents/restore')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST', '/documents/restore')[0]![1]!.body))).toEqual({
      ids: ['doc-3'],
    });
  });

  it("caps the upload's name at the server schema's max length", async () => {
    const { user } = openManager();
    await user.click(await screen.findByRole('button', { name: 'Upload' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    expectInputsCappedLikeSchema(
      dialog,
      { Name: BusinessDocumentFieldsSchema.shape.name },
      // Pickers: a category and roles chosen from lists, not text stored as typed.
      ['Category', 'Shared with'],
    );
  });

  it('names a refused field by its label without the required asterisk, and marks the field', async () => {
    const { user } = openManager();
    await user.click(await screen.findByRole('button', { name: 'Upload' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, '   ');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Name: Is required\.$/);
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Is required');
  });

  it('says under Name that a current document has the name, and to renew that one', async () => {
    const { user, sent } = openManager();
    await user.click(await screen.findByRole('button', { name: 'Upload' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, ' passenger safety policy ');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const taken =
      'Is already the name of a current document ("Passenger Safety Policy"): use Renew on it to upload a new version, or choose another name';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Name: ${taken}.`);
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription(taken);
    expect(sent('POST', '/documents')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Upload document' })).toBeVisible();
  });

  it('says an empty expiry leaves the new version without one, and refuses a past one under the field', async () => {
    const { user, sent } = openManager();
    const notices = await screen.findByText(
      'Public Liability Insurance expires on Jan 20, 2030',
      undefined,
      { timeout: 15_000 },
    );
    await user.click(within(notices.parentElement!).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew document' });
    const expiry = within(dialog).getByLabelText('Expiry date (optional)');
    expect(expiry).toHaveValue('');
    expect(expiry).toHaveAccessibleDescription(
      "The new version's own expiry, today or later. Left empty, the new version has no expiry date. The current version's expiry (Jan 20, 2030) is not carried over.",
    );
    fireEvent.change(expiry, { target: { value: '2020-05-05' } });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'insurance-2031.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(expiry).toBeInvalid());
    expect(expiry).toHaveAccessibleDescription(
      /^Cannot be in the past: a renewed document has a current expiry, or none/,
    );
    expect(sent('POST', '/documents/doc-2/versions')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Renew document' })).toBeVisible();
  });

  it('renews an expiring document with a new version and its new expiry', async () => {
    const { user, sent } = openManager();
    const notices = await screen.findByText(
      'Public Liability Insurance expires on Jan 20, 2030',
      undefined,
      { timeout: 15_000 },
    );
    await user.click(within(notices.parentElement!).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew document' });
    expect(
      within(dialog).getByText(/New version of Public Liability Insurance \(now version 2\)/),
    ).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Expiry date (optional)'), {
      target: { value: '2031-01-20' },
    });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'insurance-2031.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(sent('POST', '/documents/doc-2/versions')).toHaveLength(1));
    const form = sent('POST', '/documents/doc-2/versions')[0]![1]!.body as FormData;
    expect(form.get('expiresOn')).toBe('2031-01-20');
    expect((form.get('file') as File).name).toBe('insurance-2031.pdf');
  });
  it('tells a business with no documents how to add one, and a search that finds none that none match', async () => {
    const { user } = openManager({
      'GET /api/documents': () =>
        jsonResponse(200, { documents: [], counts: NO_COUNTS, expiring: [] }),
    });
    const none = await screen.findByText(
      "No documents yet. Add the business's policies, forms, reports, training material and legal papers with Upload.",
      undefined,
      { timeout: 15_000 },
    );
    expect(none).toBeVisible();
    expect(screen.queryByText('No documents match.')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search documents' }), 'insurance');
    expect(await screen.findByText('No documents match.')).toBeVisible();
    expect(screen.queryByText(/No documents yet/)).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Search documents' }));
    expect(await screen.findByText(/No documents yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Legal (0)' }));
    expect(await screen.findByText('No documents match.')).toBeVisible();
  });

  it("names the uploaded document in the notice: the server's name, and a renewal's version", async () => {
    const { user } = openManager({
      'POST /api/documents': () =>
        jsonResponse(200, {
          document: businessDocument({ id: 'doc-9', name: 'Fatigue Policy', version: 1 }),
          versions: [],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upload' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Fatigue Policy ');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'fatigue.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const uploaded = (await screen.findByText('Fatigue Policy')).closest(
      '.mantine-Notification-root',
    );
    expect(uploaded).toHaveTextContent(/^UploadedFatigue Policy$/);

    const notices = screen.getByRole('heading', { name: 'Expiry notifications' }).parentElement!;
    await user.click(within(notices).getByRole('button', { name: 'Renew' }));
    const renew = await screen.findByRole('dialog', { name: 'Renew document' });
    await user.upload(
      within(renew).getByLabelText('File'),
      new File(['%PDF-1.4'], 'insurance-2031.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(renew).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Public Liability Insurance: version 3')).toBeVisible();
  });
});
