import { MantineProvider, TextInput } from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LeaveGuardPrompt, useLeaveGuard } from './leave-guard';

/** A form that asks while its one field differs from what was saved. */
function Form({ keptInTab = false }: { keptInTab?: boolean }) {
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  const release = useLeaveGuard(value !== saved, { keptInTab });
  const navigate = useNavigate();
  return (
    <>
      <TextInput label="Name" value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="button" onClick={() => setSaved(value)}>
        Save
      </button>
      <button type="button" onClick={() => setValue(saved)}>
        Reset
      </button>
      {/* Saved, then leaves at once, as Add Driver opens the new driver. */}
      <button
        type="button"
        onClick={() => {
          setSaved(value);
          release();
          void navigate('/other');
        }}
      >
        Save and open
      </button>
      <Link to="/other">Other page</Link>
      <Link to="/form?tab=2">Same page</Link>
    </>
  );
}

function renderForm(options: { keptInTab?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <LeaveGuardPrompt />
            <Outlet />
          </>
        ),
        children: [
          { path: '/form', element: <Form {...options} /> },
          { path: '/other', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: ['/other', '/form'], initialIndex: 1 },
  );
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>,
  );
  return { router, user };
}

function unload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A page whose form opens in one of the modals manager's dialogs, as the dashboard's tiles do. */
function renderFormInDialog() {
  const router = createMemoryRouter(
    [
      {
        // As in the app, the manager's dialogs render inside the router.
        element: (
          <ModalsProvider>
            <LeaveGuardPrompt />
            <Outlet />
          </ModalsProvider>
        ),
        children: [
          {
            path: '/dashboard',
            element: (
              <button
                type="button"
                onClick={() => modals.open({ title: 'Add Customer', children: <Form /> })}
              >
                Add Customer
              </button>
            ),
          },
          { path: '/other', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: ['/other', '/dashboard'], initialIndex: 1 },
  );
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, user };
}

describe('useLeaveGuard', () => {
  it('asks before a link leaves unsaved input: Stay keeps it, Leave goes', async () => {
    const { router, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Pat');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('What you entered on this page is not saved');
    // The safe answer has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Pat');

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
  });

  it('keeps a form open in a dialog, and its input, behind the question: Stay goes back to it', async () => {
    const { router, user } = renderFormInDialog();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    await user.type(await screen.findByLabelText('Name'), 'Testy');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus());
    // The form's dialog stays mounted under the question, its input with it.
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByLabelText('Name')).toHaveValue('Testy');
  });

  it('asks before Back leaves unsaved input', async () => {
    const { router, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Pat');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/form');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });

  it('asks the browser to confirm closing or reloading the tab while input is unsaved', async () => {
    const { user } = renderForm();
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Pat');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
  });

  it('lets a saved or reset form go without asking', async () => {
    const { router, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => router.navigate('/form'));
    await user.type(screen.getByLabelText('Name'), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a form that saves and leaves at once go without asking', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Pat');
    await user.click(screen.getByRole('button', { name: 'Save and open' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask for another query on the same page, which keeps the form', async () => {
    const { router, user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Pat');
    await user.click(screen.getByRole('link', { name: 'Same page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Pat');
  });

  it('asks only the browser for input kept for the tab, which comes back in the app', async () => {
    const { user } = renderForm({ keptInTab: true });
    await user.type(screen.getByLabelText('Name'), 'Pat');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
