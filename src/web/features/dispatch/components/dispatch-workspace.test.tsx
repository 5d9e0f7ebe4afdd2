import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import { stubApi } from '../../../test/api-stub';
import { dispatchScreenApi } from '../../../test/dispatch-api-stub';
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
    stubApi(dispatchScreenApi());
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
