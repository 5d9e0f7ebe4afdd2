import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import touchTarget from '../../../components/touch-checkbox.module.css';
import { DEFAULT_TRIP_OPTIONS, TRIP_OPTION_LABELS } from '../utils/trip-options';
import { TripOptionsFields } from './trip-options-fields';

describe('TripOptionsFields', () => {
  // jsdom lays nothing out: the 44 px itself is measured in a browser
  // (touch-checkbox.module.css); here, that every option has those styles.
  it("makes every option's checkbox a finger's target on a phone", () => {
    render(
      <MantineProvider>
        <TripOptionsFields value={DEFAULT_TRIP_OPTIONS} onChange={() => {}} />
      </MantineProvider>,
    );
    const labels = ['Child Seats', ...Object.values(TRIP_OPTION_LABELS)];
    expect(touchTarget.label).toBeTruthy();
    for (const label of labels) {
      const checkbox = screen.getByRole('checkbox', { name: new RegExp(`^${label}`) });
      expect(document.querySelector(`label[for="${checkbox.id}"]`), label).toHaveClass(
        touchTarget.label!,
      );
    }
  });
});
