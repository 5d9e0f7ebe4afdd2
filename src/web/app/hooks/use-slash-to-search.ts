import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

/**
 * '/' focuses the dispatcher's search box from any of their screens: on
 * /search it focuses the box, elsewhere it opens /search (which focuses it).
 * Ignored while typing in a field, so '/' still types in addresses and notes.
 */
export function useSlashToSearch(isEnabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isEnabled) return;
    function handleKey(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      const box = document.querySelector<HTMLInputElement>('#dispatcher-search');
      if (box) box.focus();
      else void navigate(paths.search);
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [isEnabled, navigate]);
}
