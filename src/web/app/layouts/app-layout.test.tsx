import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signedInAs, signedOut, stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';

async function findMainNav() {
  const header = await screen.findByRole('banner');
  return within(header).findByRole('navigation', { name: 'Main' });
}

describe('app header', () => {
  it("shows a dispatcher's role, exactly the four dispatcher items and marks the active one", async () => {
    stubApi({ 'GET /api/me': signedInAs('dispatcher') });
    renderApp(['/jobs/17']);

    const nav = await findMainNav();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dispatch',
      'Jobs',
      'Timeline',
      'Search',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dispatch',
      '/jobs',
      '/timeline',
      '/search',
    ]);
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Role: dispatcher')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Perth Chauffeur Ops' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('gives dispatchers the side rail of seven tools', async () => {
    stubApi({ 'GET /api/me': signedInAs('dispatcher') });
    renderApp(['/dispatch']);

    const rail = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(
      within(rail)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Search', 'Booking', 'Messages', 'Notifications', 'Tools', 'Settings', 'Vehicles']);
    // With no behaviour (spec): shown, said to be unavailable, and no Tab stop.
    for (const button of within(rail).getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAttribute('tabindex', '-1');
    }
  });

  it('shows drivers their own items and no side rail', async () => {
    stubApi({ 'GET /api/me': signedInAs('driver') });
    renderApp(['/driver/jobs']);

    const nav = await findMainNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Jobs', 'History', 'Documents']);
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).not.toBeInTheDocument();
  });

  it('offers a visitor only the calculator and a way to sign in', async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/calculator']);

    const nav = await findMainNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Calculator']);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByText(/^Role:/)).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('signs out, forgets the role and goes to the sign-in page', async () => {
    const fetchMock = stubApi({
      'GET /api/me': signedInAs('admin'),
      'POST /api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    const { user, router } = renderApp(['/admin']);

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Role: admin')).not.toBeInTheDocument();
    const signOutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-out'));
    expect(signOutCall?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('opens the navigation in a menu drawer from the burger, and closes it on navigating', async () => {
    stubApi({ 'GET /api/me': signedInAs('dispatcher') });
    const { user, router } = renderApp(['/dispatch']);

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Role: dispatcher')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Timeline' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/timeline');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('gives the focus back to the burger when the menu drawer first opened is closed', async () => {
    stubApi({ 'GET /api/me': signedInAs('driver') });
    const { user } = renderApp(['/driver']);

    const burger = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(burger).toHaveFocus());
  });

  it('shows Sign Out without a role label to a user who has no role yet', async () => {
    stubApi({ 'GET /api/me': signedInAs(null) });
    renderApp(['/calculator']);

    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(header).queryByText(/^Role:/)).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('renders the widget without any app chrome', async () => {
    stubApi({ 'GET /api/me': signedOut });
    renderApp(['/widget']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each(['dispatcher', 'operator'] as const)(
    'gives a %s the documents shared with their role in a Documents dialog, without a new route',
    async (role) => {
      stubApi({
        'GET /api/me': signedInAs(role),
        'GET /api/documents/shared': () =>
          jsonResponse(200, {
            documents: [
              {
                id: 'doc-1',
                name: 'Dispatch System Guide',
                category: 'Training',
                status: 'active',
                sharedWith: [role],
                version: 2,
                type: 'application/pdf',
                size: 1000,
                expiresOn: null,
                expiryStatus: 'valid',
                uploadedBy: 'Ada Admin',
                uploadedAt: '2030-01-01T00:00:00.000Z',
              },
            ],
          }),
      });
      const { user } = renderApp([role === 'dispatcher' ? '/jobs' : '/calculator']);
      const header = await screen.findByRole('banner');
      await user.click(await within(header).findByRole('button', { name: 'Documents' }));
      const dialog = await screen.findByRole('dialog', { name: 'Shared documents' });
      expect(
        await within(dialog).findByRole('link', { name: 'Dispatch System Guide' }),
      ).toHaveAttribute('href', '/api/documents/doc-1/file');
      expect(within(dialog).getByText(/\(Training, v2\)/)).toBeInTheDocument();

      // Closed, the first time it was opened too: the focus is back on Documents.
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() =>
        expect(within(header).getByRole('button', { name: 'Documents' })).toHaveFocus(),
      );
    },
  );

  it.each(['admin', 'driver'] as const)(
    'has no Documents dialog for the %s role, which has a documents screen',
    async (role) => {
      stubApi({ 'GET /api/me': signedInAs(role) });
      renderApp([role === 'admin' ? '/admin' : '/driver']);
      const header = await screen.findByRole('banner');
      await within(header).findByRole('button', { name: 'Sign Out' });
      expect(within(header).queryByRole('button', { name: 'Documents' })).not.toBeInTheDocument();
    },
  );
});
