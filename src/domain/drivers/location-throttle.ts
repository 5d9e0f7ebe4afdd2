import { haversineMeters, type LatLng } from '../maps';

/** Send a position once the driver has moved this far since the last one sent... */
export const SEND_AFTER_METERS = 25;
/** ...or this long after the last one, whichever comes first... */
export const SEND_EVERY_MS = 15_000;
/** ...but never sooner than this after the last one, nor after the last try that failed. */
export const SEND_AT_MOST_EVERY_MS = 5_000;

export type SentPosition = { position: LatLng; at: number };

/**
 * Whether the phone should send `position` (read at `at`, ms) given the last
 * one it sent and when it last tried and failed (ms; null when it has not):
 * a phone in a dead zone reads its GPS every second and must not try as often.
 */
export function shouldSendPosition(
  last: SentPosition | null,
  position: LatLng,
  at: number,
  lastFailedAt: number | null = null,
): boolean {
  if (lastFailedAt !== null && at - lastFailedAt < SEND_AT_MOST_EVERY_MS) return false;
  if (!last) return true;
  const elapsed = at - last.at;
  if (elapsed < SEND_AT_MOST_EVERY_MS) return false;
  if (elapsed >= SEND_EVERY_MS) return true;
  return haversineMeters(last.position, position) >= SEND_AFTER_METERS;
}
