import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { json, stubPublicApi, TEST_PLACES } from '../../../test/public-api-stub';
import type { AddressValue } from '../types';
import { AddressAutocomplete } from './address-autocomplete';

function Field() {
  const [value, setValue] = useState<AddressValue>({ text: '', place: null });
  return (
    <>
      <AddressAutocomplete
        label="Pickup"
        placeholder="Enter pickup address"
        value={value}
        onChange={setValue}
      />
      <output>{value.place ? value.place.address : 'no place'}</output>
    </>
  );
}

function page(queryClient: QueryClient) {
  return (
    <AppProviders queryClient={queryClient} env="test">
      <Field />
    </AppProviders>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('AddressAutocomplete', () => {
  it('hydrates the prerendered field as it is, then offers suggestions once focused', async () => {
    stubPublicApi();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(queryClient));
    document.body.append(container);
    const prerendered = screen.getByRole('combobox', { name: 'Pickup' });
    expect(prerendered).toHaveAttribute('aria-expanded', 'false');

    const hydrationErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, page(queryClient), {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
    });
    expect(hydrationErrors).toEqual([]);
    // Hydration kept the prerendered input element: nothing was re-created.
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toBe(prerendered);

    const user = userEvent.setup();
    await user.type(prerendered, 'Perth Air');
    await user.click(
      await screen.findByRole('option', { name: new RegExp(TEST_PLACES.airport.label) }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(TEST_PLACES.airport.address),
    );
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue(
      TEST_PLACES.airport.address,
    );
  });

  it('says no address matches once the search has answered, and the line cannot be chosen', async () => {
    // The search for the whole text waits until the test lets it answer.
    let answer: ((response: Response) => void) | null = null;
    stubPublicApi({
      'GET /api/places': ({ url }) =>
        url.searchParams.get('q') === 'Nowhere St'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : json(200, { places: [] }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(page(queryClient));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Pickup' }));
    const field = await screen.findByRole('combobox', { name: 'Pickup' });
    await user.type(field, 'Nowhere St');
    await waitFor(() => expect(answer).not.toBeNull());

    // Asked, not answered: nothing is said yet.
    expect(screen.queryByText('No matching address')).not.toBeInTheDocument();
    await act(async () => answer?.(json(200, { places: [] })));
    const line = await screen.findByRole('option', { name: 'No matching address' });
    expect(line).toHaveAttribute('aria-disabled', 'true');
    await user.click(line);
    expect(field).toHaveValue('Nowhere St');
    expect(screen.getByRole('status')).toHaveTextContent('no place');
  });
});
