import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX_SUITCASES } from '../../../../domain/bookings/limits';
import touchTarget from '../../../components/touch-checkbox.module.css';
import { DEFAULT_TRIP_OPTIONS, TRIP_OPTION_LABELS, type TripOptions } from '../utils/trip-options';
import { TripOptionsFields } from './trip-options-fields';

function Fields() {
  const [value, setValue] = useState<TripOptions>(DEFAULT_TRIP_OPTIONS);
  return (
    <MantineProvider>
      <TripOptionsFields value={value} onChange={setValue} />
      <output aria-label="Suitcases kept">
        {value.largeSuitcases} large, {value.mediumSuitcases} medium
      </output>
    </MantineProvider>
  );
}

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

  // A booking takes at most MAX_SUITCASES of each: more was taken here, then
  // dropped to none by /book's link reader and stored as 0.
  it.each(['Large Suitcases', 'Medium Suitcases'])(
    'says %s above the most a booking takes are not taken, as Passengers does',
    async (label) => {
      const user = userEvent.setup();
      render(<Fields />);
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, '2');
      await user.type(field, '5');
      expect(screen.getByText(`At most ${MAX_SUITCASES}`)).toBeInTheDocument();
      await user.tab();
      expect(field).toHaveValue('2');
      expect(screen.getByText(`At most ${MAX_SUITCASES}: kept 2`)).toBeInTheDocument();
      expect(screen.getByLabelText('Suitcases kept')).toHaveTextContent(
        label === 'Large Suitcases' ? '2 large, 0 medium' : '0 large, 2 medium',
      );
    },
  );
});
