import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { stubEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render-app';

vi.mock('./leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => <div>{drivers.length} drivers on the map</div>,
}));

// This file holds one test on purpose: the address suggestions are loaded
// once per module, and a test before it that focused a field would load them.
describe('the dispatch screen', () => {
  it('loads the address suggestions with the screen, before any field is focused', async () => {
    stubEventSource();
    stubApi({
      'GET /api/me': () =>
        jsonResponse(200, {
          user: { id: 'u1', email: 'dispatcher@demo.test', name: 'Dee' },
          role: 'dispatcher',
        }),
      'GET /api/bookings': () => jsonResponse(200, { bookings: [], total: 0 }),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/public-settings': () =>
        jsonResponse(200, {
          business: { name: 'Perth Chauffeur Ops', phone: '', email: '', bookNowUrl: '/book' },
          timeZone: 'Australia/Perth',
          tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
        }),
    });
    renderApp(['/dispatch']);
    await screen.findByRole('heading', { level: 2, name: 'New Booking' }, { timeout: 25_000 });

    // Mantine's Autocomplete (its static class name): the suggestions field,
    // not the plain input a public page shows until the first focus. The
    // dispatcher's first click lands on the field they then type in.
    for (const name of ['Pickup Location', 'Destination']) {
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name })).toHaveClass('mantine-Autocomplete-input'),
      );
    }
    expect(document.activeElement).toBe(document.body);
  }, 45_000);
});
