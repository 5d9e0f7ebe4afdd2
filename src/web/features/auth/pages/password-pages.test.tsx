import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  signedInAs,
  signedOut,
  stubApi,
} from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

describe('forgot password page', () => {
  it('asks for a reset link that lands on /reset-password and confirms in a green note', async () => {
    const fetchMock = stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/request-password-reset': () => jsonResponse(200, { status: true }),
    });
    const { user } = renderApp(['/forgot-password']);

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, a reset link is on its way.',
    );
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/request-password-reset'),
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'sam@demo.test',
      redirectTo: '/reset-password',
    });
  });
});

describe('reset password page', () => {
  it('says the link is invalid when the email link carries an error', async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/reset-password?error=INVALID_TOKEN']);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
  });

  it('refuses two different passwords without calling the server', async () => {
    const fetchMock = stubApi({ 'GET /api/me': signedOut });
    const { user } = renderApp(['/reset-password?token=abc']);

    await user.type(await screen.findByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'battery-staple');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/reset-password'))).toBe(
      false,
    );
  });

  it("signs an invited user in with the password just set and lands on their role's home", async () => {
    let isSignedIn = false;
    const fetchMock = stubApi({
      'GET /api/me': (request) => (isSignedIn ? signedInAs('driver')(request) : signedOut(request)),
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { status: true, email: 'nora@example.test' }),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse(200, {});
      },
    });
    const { user, router } = renderApp(['/reset-password?invited=1&token=abc']);

    await user.type(await screen.findByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Driver App' }),
    ).toBeInTheDocument();
    // The link's page was replaced: its spent token is in no history entry.
    expect(router.state.location.pathname).toBe('/driver');
    expect(router.state.historyAction).toBe('REPLACE');
    const signIn = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-in/email'));
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
      email: 'nora@example.test',
      password: 'correct-horse',
    });
  });

  it('says the password is set and why signing in failed, drops the token, and fills the email in on /login', async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { status: true, email: 'nora@example.test' }),
      'POST /api/auth/sign-in/email': () =>
        errorResponse(403, 'FORBIDDEN', 'This account has been disabled. Ask an administrator.'),
    });
    const { user, router } = renderApp(['/reset-password?invited=1&token=abc']);

    await user.type(await screen.findByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is set. Sign in with your email address and this password.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account has been disabled. Ask an administrator.',
    );
    expect(router.state.location.search).toBe('?invited=1');

    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('nora@example.test');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('sets the new password with the token and, the account not named, offers to sign in', async () => {
    const fetchMock = stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/reset-password': () => jsonResponse(200, { status: true }),
    });
    const { user } = renderApp(['/reset-password?token=abc']);

    await user.type(await screen.findByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/reset-password'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      newPassword: 'correct-horse',
      token: 'abc',
    });
  });

  it("shows the server's message when the token is rejected", async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/reset-password': () => errorResponse(400, 'INVALID_TOKEN', 'Invalid token'),
    });
    const { user } = renderApp(['/reset-password?token=old']);

    await user.type(await screen.findByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
  });

  it('greets an invited user: choose your password, then sign in', async () => {
    stubApi({
      'GET /api/me': signedOut,
      'POST /api/auth/reset-password': () => jsonResponse(200, { status: true }),
    });
    const { user } = renderApp(['/reset-password?invited=1&token=abc']);

    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'correct-horse');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password is set. Sign in with your email address and this password.',
    );
  });

  it("says an invitation's link has expired in its own words", async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/reset-password?invited=1&error=INVALID_TOKEN']);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
