import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormFocus } from './form-focus';

function SettingsForm({
  isPending,
  isSaveEnabled,
}: {
  isPending: boolean;
  isSaveEnabled: boolean;
}) {
  const { formRef } = useFormFocus(isPending);
  return (
    <form ref={formRef}>
      <input aria-label="Business name" />
      <button type="submit" disabled={isPending || !isSaveEnabled}>
        Save
      </button>
    </form>
  );
}

/** Save pressed, disabled while it loads (the browser drops the focus to the page), then done. */
function saveAndLoseFocus(isSaveEnabledAfter: boolean) {
  const view = render(<SettingsForm isPending={false} isSaveEnabled />);
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();
  // jsdom keeps the focus on a disabled button; the browser does not.
  act(() => save.blur());
  view.rerender(<SettingsForm isPending isSaveEnabled />);
  expect(document.activeElement).toBe(document.body);
  view.rerender(<SettingsForm isPending={false} isSaveEnabled={isSaveEnabledAfter} />);
}

describe('useFormFocus', () => {
  it('gives the focus back to Save when a save ends with the focus lost to the page', () => {
    saveAndLoseFocus(true);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('gives it to the first field when Save waits for a change', () => {
    saveAndLoseFocus(false);
    expect(screen.getByRole('textbox', { name: 'Business name' })).toHaveFocus();
  });

  it('leaves the focus alone when the user moved it while the save ran', () => {
    const view = render(<SettingsForm isPending isSaveEnabled />);
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    view.rerender(<SettingsForm isPending={false} isSaveEnabled />);
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
