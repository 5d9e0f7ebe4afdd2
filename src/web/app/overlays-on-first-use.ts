import { useSyncExternalStore } from 'react';
import { notificationsStore } from '@mantine/notifications';

// `modals.open*` dispatch window events that the modals provider listens to
// (Mantine's createUseExternalEvents): caught here until the provider exists.
const PREFIX = 'mantine-modals:';
const OPENERS = ['openModal', 'openConfirmModal', 'openContextModal'].map((name) => PREFIX + name);
const CLOSERS = ['closeModal', 'closeAllModals'].map((name) => PREFIX + name);

type Opening = { type: string; detail: { modalId?: string } | undefined };

let pending: Opening[] = [];
let watching = false;
let wanted = false;
const subscribers = new Set<() => void>();

function markWanted() {
  if (wanted) return;
  wanted = true;
  subscribers.forEach((notify) => notify());
}

function keepOpening(event: Event) {
  pending.push({ type: event.type, detail: (event as CustomEvent<Opening['detail']>).detail });
  markWanted();
}

function dropOpening(event: Event) {
  const modalId = (event as CustomEvent<string | undefined>).detail;
  pending =
    event.type === `${PREFIX}closeAllModals`
      ? []
      : pending.filter((opening) => opening.detail?.modalId !== modalId);
}

function hasNotifications(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/**
 * Starts watching for the first `notifications.show` or `modals.open*` (in
 * the browser, once): until then the overlays (the notifications container,
 * the modals provider, their code and styles) are not loaded at all.
 */
export function watchOverlaysFirstUse(): void {
  if (watching || wanted || typeof window === 'undefined') return;
  watching = true;
  OPENERS.forEach((type) => window.addEventListener(type, keepOpening));
  CLOSERS.forEach((type) => window.addEventListener(type, dropOpening));
  if (hasNotifications()) markWanted();
  else {
    // Mantine keeps a notice shown before its container mounts and shows it then.
    const unsubscribe = notificationsStore.subscribe(() => {
      if (!hasNotifications()) return;
      unsubscribe();
      markWanted();
    });
  }
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** True once a notification or a modal was asked for (false while hydrating). */
export function useOverlaysWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

/**
 * Called once the modals provider listens: stops catching its events and
 * sends again those caught before it mounted, in order.
 */
export function replayPendingModals(): void {
  if (!watching) return;
  watching = false;
  OPENERS.forEach((type) => window.removeEventListener(type, keepOpening));
  CLOSERS.forEach((type) => window.removeEventListener(type, dropOpening));
  const openings = pending;
  pending = [];
  for (const { type, detail } of openings) {
    window.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
