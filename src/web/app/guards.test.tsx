import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAs, signedOut, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render-app';

describe('route guard', () => {
  it('sends a visitor who is not signed in from /dispatch to /login, remembering where from', async () => {
    stubApi({ 'GET /api/me': signedOut });
    const { router } = renderApp(['/dispatch']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dispatch' } });
  });

  it('sends a driver from /admin to /unauthorized', async () => {
    stubApi({ 'GET /api/me': signedInAs('driver') });
    const { router } = renderApp(['/admin']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' }),
    ).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it.each(['/ADMIN', '/Admin/', '/%61dmin'])(
    'sends a driver from %s (the admin dashboard to the router) to /unauthorized',
    async (path) => {
      stubApi({ 'GET /api/me': signedInAs('driver') });
      const { router } = renderApp([path]);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/unauthorized');
    },
  );

  it('sends a visitor who is not signed in from /Dispatch to /login', async () => {
    stubApi({ 'GET /api/me': signedOut });
    const { router } = renderApp(['/Dispatch']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps an admin out of dispatcher routes, as the roles must match exactly', async () => {
    stubApi({ 'GET /api/me': signedInAs('admin') });
    const { router } = renderApp(['/dispatch']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('keeps a page up when the settings cannot be read, instead of reloading it for ever', async () => {
    const fetchMock = stubApi({ 'GET /api/me': signedInAs('driver') });
    renderApp(['/driver/jobs']);

    const heading = await screen.findByRole('heading', { level: 1, name: 'My Jobs' });
    // The page reads the settings too; its retry must not send the guard back to loading.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heading).toBeInTheDocument();
    const settingsReads = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/api/public-settings'),
    );
    expect(settingsReads.length).toBeLessThanOrEqual(2);
  });

  describe('opened with no connection and nothing kept', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('says there is no connection instead of spinning, and opens once back online', async () => {
      onlineManager.setOnline(false);
      stubApi({ 'GET /api/me': signedInAs('admin') });
      const { router } = renderApp(['/customers']);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('No connection');
      expect(alert).toHaveTextContent('It opens by itself once you are back online.');
      onlineManager.setOnline(true);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Customer Management' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('No connection')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/customers');
    });
  });

  it('lets a role into its own area, including deeper paths', async () => {
    stubApi({ 'GET /api/me': signedInAs('admin') });
    renderApp(['/customers/42']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer Management' }),
    ).toBeInTheDocument();
  });

  it('asks for sign-in before saying an unknown path under a protected area does not exist', async () => {
    stubApi({ 'GET /api/me': signedOut });
    const { router } = renderApp(['/driver/nowhere']);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects / to the calculator and shows a page-not-found page for unknown paths', async () => {
    stubApi({ 'GET /api/me': signedOut });
    const home = renderApp(['/']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }),
    ).toBeInTheDocument();
    expect(home.router.state.location.pathname).toBe('/calculator');
    home.unmount();

    renderApp(['/no-such-page']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
