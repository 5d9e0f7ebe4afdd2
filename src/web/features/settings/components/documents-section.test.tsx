import { Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  type DocumentRequirements,
} from '../../../../domain/documents';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { DocumentsSection } from './documents-section';

const REPEATED =
  '"driver\'s LICENCE" is the same type as "Driver\'s licence", which is already required (case, spaces and punctuation aside).';

function renderSection(
  put = ({ body }: { body: unknown }) => {
    const { driver, vehicle } = body as DocumentRequirements;
    return jsonResponse(200, {
      requirements: { driver, vehicle },
      version: '2026-03-05T01:42:00.000Z',
    });
  },
) {
  const fetchMock = stubApi({
    'GET /api/documents/requirements': () =>
      jsonResponse(200, { requirements: DEFAULT_DOCUMENT_REQUIREMENTS, version: null }),
    'PUT /api/documents/requirements': put,
  });
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <Notifications />
      <DocumentsSection />
    </AppProviders>,
  );
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { user: userEvent.setup(), puts };
}

describe('Settings → Required Documents', () => {
  it("refuses a driver type that repeats Driver's licence but for case and punctuation, under its field", async () => {
    const { user, puts } = renderSection();
    const field = await screen.findByRole('textbox', { name: 'Add a driver document type' });
    await user.type(field, "driver's LICENCE");
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0]!);

    expect(field).toHaveAccessibleDescription(REPEATED);
    expect(screen.queryByText("driver's LICENCE")).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(puts()).toEqual([]);
  });

  it("shows the server's refusal under the field it concerns, named by the field's label", async () => {
    const { user } = renderSection(() =>
      jsonResponse(400, {
        error: { code: 'invalid_input', message: REPEATED, fields: { driver: REPEATED } },
      }),
    );
    const field = await screen.findByRole('textbox', { name: 'Add a driver document type' });
    await user.type(field, 'Medical certificate');
    await user.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Add a driver document type: ${REPEATED}`)).toBeVisible();
    expect(field).toHaveAccessibleDescription(REPEATED);
  });
});
