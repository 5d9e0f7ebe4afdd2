import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The key, as `aria-keyshortcuts` writes it on what it focuses or opens. */
export const SEARCH_SHORTCUT = '/';

const EDITABLE_ROLES = new Set(['combobox', 'textbox', 'searchbox', 'spinbutton']);

/** A field that takes '/' as text or as a choice: an input, select, textarea, combobox, contenteditable. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    // isContentEditable, spelled out for engines without it (jsdom).
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    EDITABLE_ROLES.has(target.getAttribute('role') ?? '')
  );
}

/**
 * A dialog or drawer is open, or the focus is in one (Mantine's are
 * aria-modal; a popover dialog is not). Leaving for /search would drop what
 * was typed in it: Paste Booking, Send Email, Multi Booking.
 */
function isInDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[aria-modal="true"]')) return true;
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null
  );
}

/**
 * '/' focuses the dispatcher's search box from any of their screens: on
 * /search it focuses the box, elsewhere it opens /search (which focuses it).
 * Ignored while typing in a field, so '/' still types in addresses and notes,
 * and while a dialog or drawer is open.
 */
export function useSlashToSearch(isEnabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isEnabled) return;
    function handleKey(event: KeyboardEvent) {
      if (event.key !== SEARCH_SHORTCUT || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isEditable(event.target) || isInDialog(event.target)) return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>('#dispatcher-search');
      if (box) box.focus();
      else void navigate(paths.search);
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [isEnabled, navigate]);
}
