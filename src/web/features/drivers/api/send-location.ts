import type { Driver } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';

export type PositionReport = {
  lat: number;
  lng: number;
  accuracy?: number | null;
  heading?: number | null;
};

/** POST /api/drivers/me/location. */
export function sendLocation(report: PositionReport) {
  return api<{ driver: Driver }>('/drivers/me/location', { method: 'POST', body: report });
}
