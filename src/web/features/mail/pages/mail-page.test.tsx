import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail } from '../../../../domain/mail';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const HELD: OutboxMail = {
  id: '11111111-1111-4111-8111-111111111111',
  to: 'guest@example.test',
  subject: 'Your booking ABC234',
  text: 'Your driver will meet you at T1 arrivals.',
  status: 'held',
  createdAt: '2030-01-15T01:30:00.000Z',
  sentAt: null,
  error: null,
  resendOf: null,
};
const FAILED: OutboxMail = {
  ...HELD,
  id: '22222222-2222-4222-8222-222222222222',
  to: 'bounce@example.test',
  subject: 'Reset your password',
  status: 'failed',
  error: '550 5.1.1 No such user here',
};

afterEach(() => vi.restoreAllMocks());

describe('Admin → Mail', { timeout: 15_000 }, () => {
  it('lists the outbox with each status and the SMTP error, and asks the server for the search', async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/mail': () => jsonResponse(200, { mails: [FAILED, HELD], total: 2 }),
    });
    const { user } = renderApp(['/admin/mail']);
    expect(await screen.findByRole('heading', { name: 'Mail' }, { timeout: 5000 })).toBeVisible();
    const failed = await screen.findByRole('row', {
      name: 'Reset your password to bounce@example.test',
    });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('550 5.1.1 No such user here')).toBeInTheDocument();
    const held = screen.getByRole('row', { name: 'Your booking ABC234 to guest@example.test' });
    expect(within(held).getByText('Held')).toBeInTheDocument();
    expect(within(held).getByText('Jan 15, 2030, 9:30 am')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'To',
      'Subject',
      'When',
      'Status',
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'bounce');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContainEqual(
        expect.stringContaining('/api/mail?limit=25&offset=0&q=bounce'),
      ),
    );
  });

  it('opens a message with its text and sends it again', async () => {
    let resent = 0;
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/mail': () => jsonResponse(200, { mails: [HELD], total: 1 }),
      [`POST /api/mail/${HELD.id}/resend`]: () => {
        resent += 1;
        return jsonResponse(201, { mail: { ...HELD, id: 'copy', resendOf: HELD.id } });
      },
    });
    const { user } = renderApp(['/admin/mail']);
    await user.click(
      await screen.findByRole('button', { name: 'Your booking ABC234' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your booking ABC234' });
    expect(within(dialog).getByText('Your driver will meet you at T1 arrivals.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Mail sent again')).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('names the pages and the previous and next arrows', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/mail': () => jsonResponse(200, { mails: [HELD], total: 60 }),
    });
    renderApp(['/admin/mail']);
    expect(
      await screen.findByRole('button', { name: 'Next page' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('gives the focus back to the subject that opened a message when it is closed', async () => {
    stubApi({
      'GET /api/me': signedInAs('admin'),
      'GET /api/mail': () => jsonResponse(200, { mails: [HELD], total: 1 }),
    });
    const { user } = renderApp(['/admin/mail']);
    const subject = await screen.findByRole(
      'button',
      { name: 'Your booking ABC234' },
      { timeout: 5000 },
    );
    subject.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Your booking ABC234' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(subject).toHaveFocus());
  });

  it('is not for dispatchers', async () => {
    stubApi({ 'GET /api/me': signedInAs('dispatcher') });
    renderApp(['/admin/mail']);
    expect(
      await screen.findByText("You don't have permission to access this page.", undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
  });
});
