import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../domain/admin';
import { errorResponse, jsonResponse, signedInAs, signedOut, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render-app';

// A staff page whose session ended elsewhere (signed out in another tab,
// expired, disabled) says so over the page, which stays as it was.

const DASHBOARD: AdminDashboard = {
  generatedAt: '2026-03-10T02:30:00.000Z',
  timeZone: 'Australia/Perth',
  activeDrivers: { value: 14, yesterday: 11 },
  todaysBookings: { value: 57, yesterday: 61 },
  revenueCents: { value: 312_550, yesterday: 312_550 },
  alertCount: 0,
  alerts: [],
};

const DASHBOARD_KEY = ['admin', 'dashboard'];

/** The admin dashboard, with GET /api/me and the dashboard answering as `server` says. */
async function openDashboard() {
  const server = {
    me: signedInAs('admin'),
    dashboard: () => jsonResponse(200, DASHBOARD),
  };
  const fetchMock = stubApi({
    'GET /api/me': (request) => server.me(request),
    'GET /api/admin/dashboard': () => server.dashboard(),
    'POST /api/auth/sign-in/email': () => {
      server.me = signedInAs('admin');
      server.dashboard = () => jsonResponse(200, DASHBOARD);
      return jsonResponse(200, { user: { id: 'user-1' } });
    },
    'POST /api/auth/sign-out': () => jsonResponse(200, {}),
  });
  const view = renderApp(['/admin']);
  await screen.findByText('14', {}, { timeout: 15_000 });
  return { ...view, server, fetchMock };
}

describe('a staff page whose session ended', { timeout: 30_000 }, () => {
  it('says so when a refresh is refused, keeps the page, and comes back to it after signing in', async () => {
    const { server, queryClient, router, user } = await openDashboard();
    server.me = signedOut;
    server.dashboard = () =>
      errorResponse(401, 'unauthenticated', 'You need to sign in to do that.');

    await act(() => queryClient.refetchQueries({ queryKey: DASHBOARD_KEY }));

    const notice = await screen.findByRole('alert', { name: 'You are signed out' });
    expect(notice).toHaveTextContent(
      'Your session has ended, so this page has stopped updating and cannot save changes.',
    );
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByText('14')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Sign in again' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'admin@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(screen.queryByRole('alert', { name: 'You are signed out' })).toBeNull();
  });

  it('signs nobody out for a refused call while the session holds (a 403)', async () => {
    const { server, queryClient, fetchMock } = await openDashboard();
    server.dashboard = () => errorResponse(403, 'forbidden', 'You do not have access to that.');
    const meCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input) === '/api/me').length;
    const before = meCalls();

    await act(() => queryClient.refetchQueries({ queryKey: DASHBOARD_KEY }));

    // It asked who is signed in, and the answer stands.
    await waitFor(() => expect(meCalls()).toBe(before + 1));
    expect(screen.queryByRole('alert', { name: 'You are signed out' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  it('says the access changed when a refused call finds the role no longer covers the page', async () => {
    const { server, queryClient, router } = await openDashboard();
    server.me = signedInAs('dispatcher');
    server.dashboard = () => errorResponse(403, 'forbidden', 'You do not have access to that.');

    await act(() => queryClient.refetchQueries({ queryKey: DASHBOARD_KEY }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your access has changed' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
      'href',
      '/dispatch',
    );
  });

  it('goes straight to sign in, with no notice, after Sign Out in this tab', async () => {
    const { router, user } = await openDashboard();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alert', { name: 'You are signed out' })).toBeNull();
  });

  it('sends a page opened anew while signed out to sign in, as before', async () => {
    const { server, queryClient, router } = await openDashboard();
    server.me = signedOut;
    server.dashboard = () =>
      errorResponse(401, 'unauthenticated', 'You need to sign in to do that.');
    await act(() => queryClient.refetchQueries({ queryKey: DASHBOARD_KEY }));
    await screen.findByRole('alert', { name: 'You are signed out' });

    await act(() => router.navigate('/admin/drivers'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
