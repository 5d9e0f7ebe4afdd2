import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSlashToSearch } from './use-slash-to-search';

function Screen({ children }: { children: ReactNode }) {
  useSlashToSearch(true);
  const { pathname } = useLocation();
  return (
    <>
      <p>At {pathname}</p>
      {children}
    </>
  );
}

function renderScreen(children: ReactNode) {
  render(
    <MemoryRouter initialEntries={['/dispatch']}>
      <Screen>{children}</Screen>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("'/' to search", () => {
  it('opens Search from a button on the screen', async () => {
    const user = renderScreen(<button type="button">Assign</button>);
    screen.getByRole('button', { name: 'Assign' }).focus();
    await user.keyboard('/');
    expect(screen.getByText('At /search')).toBeInTheDocument();
  });

  it('does nothing from a button in an open dialog, which keeps what was typed in it', async () => {
    const user = renderScreen(
      <section role="dialog" aria-modal="true" aria-label="Send Email">
        <input aria-label="Subject" defaultValue="Your pickup" />
        <button type="button">Send Email</button>
      </section>,
    );
    screen.getByRole('button', { name: 'Send Email' }).focus();
    await user.keyboard('/');
    expect(screen.getByText('At /dispatch')).toBeInTheDocument();
  });

  it('does nothing while a dialog is open, even with the focus left on the page', async () => {
    const user = renderScreen(
      <>
        <button type="button">Paste Booking</button>
        <section role="dialog" aria-modal="true" aria-label="Paste Booking" />
      </>,
    );
    screen.getByRole('button', { name: 'Paste Booking' }).focus();
    await user.keyboard('/');
    expect(screen.getByText('At /dispatch')).toBeInTheDocument();
  });

  it.each([
    [
      'a combobox',
      <div key="c" role="combobox" tabIndex={0} aria-label="Field" aria-expanded="false" />,
    ],
    ['a contenteditable', <div key="e" contentEditable tabIndex={0} aria-label="Field" />],
    [
      'a select',
      <select key="s" aria-label="Field">
        <option>/</option>
      </select>,
    ],
  ])('does nothing from %s', async (_, field) => {
    const user = renderScreen(field);
    screen.getByLabelText('Field').focus();
    await user.keyboard('/');
    expect(screen.getByText('At /dispatch')).toBeInTheDocument();
  });
});
