import type { BookingStatus } from '../bookings/status';

export const NAVIGATION_APPS = ['google', 'apple', 'waze'] as const;
export type NavigationApp = (typeof NAVIGATION_APPS)[number];
export const NAVIGATION_APP_LABELS: Record<NavigationApp, string> = {
  google: 'Google Maps',
  apple: 'Apple Maps',
  waze: 'Waze',
};

export type NavigationTarget = { address: string; lat: number | null; lng: number | null };

/** A link that opens the target in the navigation app, by coordinates when known. */
export function navigationUrl(app: NavigationApp, target: NavigationTarget): string {
  const hasPoint = target.lat !== null && target.lng !== null;
  const point = hasPoint ? `${target.lat},${target.lng}` : '';
  const address = encodeURIComponent(target.address);
  switch (app) {
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${hasPoint ? point : address}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${hasPoint ? point : address}`;
    case 'waze':
      return hasPoint
        ? `https://waze.com/ul?ll=${point}&navigate=yes`
        : `https://waze.com/ul?q=${address}&navigate=yes`;
  }
}

/** The driver's next one-thumb step on a job, or null when there is none. */
export function nextDriverStep(
  status: BookingStatus,
): { status: BookingStatus; label: string } | null {
  switch (status) {
    case 'assigned':
      return { status: 'en-route', label: 'En route' };
    case 'en-route':
      return { status: 'arrived', label: 'Arrived' };
    case 'arrived':
      return { status: 'on-board', label: 'Passenger on board' };
    case 'on-board':
      return { status: 'completed', label: 'Completed' };
    default:
      return null;
  }
}
