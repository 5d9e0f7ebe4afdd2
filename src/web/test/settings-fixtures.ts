import { jsonResponse } from './api-stub';
import { DEFAULT_ACCESS_TABLE } from '../../domain/access';
import { DEFAULT_TARIFFS } from '../../domain/fares';
import {
  DEFAULT_BUSINESS,
  DEFAULT_DISPATCH,
  DEFAULT_NOTIFICATIONS,
  type SettingsResponse,
} from '../../domain/settings';

/** GET /api/settings with every default, each saved once (its version is sent back with a save). */
export const SETTINGS: SettingsResponse = {
  business: DEFAULT_BUSINESS,
  timeZone: 'Australia/Perth',
  tariffs: DEFAULT_TARIFFS,
  notifications: DEFAULT_NOTIFICATIONS,
  dispatch: DEFAULT_DISPATCH,
  accessTable: DEFAULT_ACCESS_TABLE,
  versions: {
    business: '2026-03-01T00:10:00.000Z',
    timeZone: '2026-03-01T00:20:00.000Z',
    tariffs: '2026-03-01T01:00:00.000Z',
    notifications: '2026-03-01T00:30:00.000Z',
    dispatch: '2026-03-01T00:40:00.000Z',
    accessTable: null,
  },
};

/** A setting's PUT that saves what was sent: it answers the setting, its version left out. */
export function savedAsSent({ body }: { body: unknown }): Response {
  const { expectedUpdatedAt: _version, ...saved } = body as Record<string, unknown>;
  return jsonResponse(200, saved);
}
