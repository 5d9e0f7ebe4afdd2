import { jsonResponse } from './api-stub';
import { TEST_SETTINGS } from './public-api-stub';

/**
 * What the dispatch screen reads on opening, for `stubApi`: a dispatcher
 * signed in, no bookings, no drivers, no place suggestions, no customers. A
 * test adds or replaces handlers by spreading its own after these.
 */
export function dispatchScreenApi(dispatcherId = 'u1') {
  return {
    'GET /api/me': () =>
      jsonResponse(200, {
        user: { id: dispatcherId, email: 'dispatcher@demo.test', name: 'Dee' },
        role: 'dispatcher',
      }),
    'GET /api/bookings': () => jsonResponse(200, { bookings: [], total: 0 }),
    'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    'GET /api/public-settings': () => jsonResponse(200, TEST_SETTINGS),
    'GET /api/places': () => jsonResponse(200, { places: [] }),
    'GET /api/customers': () => jsonResponse(200, { customers: [], total: 0 }),
  };
}
