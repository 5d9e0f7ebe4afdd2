import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  EXPIRY_BEFORE_ISSUE,
  EXPIRY_REQUIRED,
  ISSUE_DATE_IN_FUTURE,
} from '../../../../domain/documents';
import { AppProviders } from '../../../app/providers';
import { asFieldSentence } from '../../../lib/api-client';
import { deferred, jsonResponse, stubApi } from '../../../test/api-stub';
import { FleetDocumentUploadForm } from './fleet-document-upload-form';

// 00:30 on Mar 11 in Perth (the business's time zone), still Mar 10 in UTC.
const NOW = new Date('2026-03-10T16:30:00.000Z');
const LICENCE = DEFAULT_DOCUMENT_REQUIREMENTS.driver.find((type) => type.key === 'licence')!;

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm(
  answer: () => Response | Promise<Response> = () => jsonResponse(201, { document: {} }),
) {
  const uploads: FormData[] = [];
  stubApi({
    'POST /api/drivers/d1/documents': ({ init }) => {
      uploads.push(init?.body as FormData);
      return answer();
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onDone = vi.fn();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <FleetDocumentUploadForm target={{ owner: 'drivers/d1', type: LICENCE }} onDone={onDone} />
    </AppProviders>,
  );
  return { uploads, onDone, user: userEvent.setup() };
}

async function fillAndUpload(
  user: ReturnType<typeof userEvent.setup>,
  dates: { issuedOn?: string; expiresOn?: string },
  /** 'twice': two clicks in one task, as a fast double click lands before React renders. */
  press: 'click' | 'twice' = 'click',
) {
  if (dates.issuedOn) await user.type(screen.getByLabelText('Issue date'), dates.issuedOn);
  if (dates.expiresOn) await user.type(screen.getByLabelText(/^Expiry date/), dates.expiresOn);
  await user.upload(
    screen.getByLabelText('Photo or PDF'),
    new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }),
  );
  const button = screen.getByRole('button', { name: 'Upload' });
  if (press === 'twice') {
    fireEvent.click(button);
    fireEvent.click(button);
  } else {
    await user.click(button);
  }
}

describe("the upload form of a driver's or vehicle's document", { timeout: 15_000 }, () => {
  it('refuses an issue date after today at the field, in the words of the server, and sends nothing', async () => {
    const { uploads, user } = renderForm();
    await fillAndUpload(user, { issuedOn: '2026-03-12', expiresOn: '2031-03-12' });
    const field = screen.getByLabelText('Issue date');
    const sentence = asFieldSentence(ISSUE_DATE_IN_FUTURE);
    await waitFor(() => expect(field).toHaveAccessibleDescription(sentence));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(`Issue date: ${sentence}.`);
    expect(uploads).toHaveLength(0);
  });

  it('takes today in Perth, though it is still the day before in UTC', async () => {
    const { uploads, onDone, user } = renderForm();
    await fillAndUpload(user, { issuedOn: '2026-03-11', expiresOn: '2031-03-11' });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.get('issuedOn')).toBe('2026-03-11');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('refuses an expiry before the issue date at the field before sending', async () => {
    const { uploads, user } = renderForm();
    await fillAndUpload(user, { issuedOn: '2026-03-01', expiresOn: '2026-02-28' });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Expiry date/)).toHaveAccessibleDescription(
        asFieldSentence(EXPIRY_BEFORE_ISSUE),
      ),
    );
    expect(uploads).toHaveLength(0);
  });

  it('refuses a licence without its expiry date at the field before sending', async () => {
    const { uploads, user } = renderForm();
    await fillAndUpload(user, { issuedOn: '2026-03-01' });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Expiry date/)).toHaveAccessibleDescription(
        asFieldSentence(EXPIRY_REQUIRED),
      ),
    );
    expect(uploads).toHaveLength(0);
  });

  it('uploads once on a double click of Upload', async () => {
    const answer = deferred<Response>();
    const { uploads, onDone, user } = renderForm(() => answer.promise);
    await fillAndUpload(user, { expiresOn: '2031-03-11' }, 'twice');
    await waitFor(() => expect(uploads).toHaveLength(1));
    answer.resolve(jsonResponse(201, { document: {} }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(uploads).toHaveLength(1);
  });
});
