import type { Driver } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';

export type PositionReport = {
  lat: number;
  lng: number;
  accuracy?: number | null;
  heading?: number | null;
  /** When the phone read it (ISO): a reading sent again is shown as old as it is. */
  readAt?: string;
};

/** POST /api/drivers/me/location. */
export function sendLocation(report: PositionReport) {
  return api<{ driver: Driver }>('/drivers/me/location', { method: 'POST', body: report });
}
