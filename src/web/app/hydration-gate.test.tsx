import { act, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its flag starts as a new page's does. */
async function freshGate() {
  vi.resetModules();
  return import('./hydration-gate');
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('HydrationGate', () => {
  it('keeps prerendered controls disabled until React has hydrated them, then enables them', async () => {
    const { HydrationGate, markHydrating } = await freshGate();
    const page = (
      <HydrationGate>
        <button type="button">Book Now</button>
      </HydrationGate>
    );
    // The prerender runs without a document; here main.tsx's call stands in for it.
    markHydrating();
    const html = renderToString(page);
    expect(html).toMatch(/<fieldset[^>]* disabled=""/);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const fieldset = container.querySelector('fieldset')!;
    const hydrationErrors: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, page, {
        onRecoverableError: (error) => hydrationErrors.push(error),
      });
    });
    await waitFor(() => expect(fieldset.disabled).toBe(false));
    expect(hydrationErrors).toEqual([]);
    // The same element: hydrated, not rendered again.
    expect(container.querySelector('fieldset')).toBe(fieldset);
  });

  it('enables a page rendered in the browser from its first render', async () => {
    const { HydrationGate } = await freshGate();
    const container = document.createElement('div');
    document.body.append(container);
    const firstCommit: boolean[] = [];
    function Probe() {
      // Runs right after the first commit, before any effect could enable the gate.
      useLayoutEffect(() => {
        firstCommit.push(container.querySelector('fieldset')!.disabled);
      }, []);
      return null;
    }
    act(() => {
      root = createRoot(container);
      root.render(
        <HydrationGate>
          <Probe />
        </HydrationGate>,
      );
    });
    expect(firstCommit).toEqual([false]);
  });
});
