import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PickupTimeInput } from './pickup-time-input';

function Pickup({ value, error }: { value: string; error?: string }) {
  return (
    <MantineProvider>
      <PickupTimeInput
        label="Pickup"
        value={value}
        onChange={() => {}}
        confirmed={false}
        onConfirmedChange={() => {}}
        error={error}
      />
    </MantineProvider>
  );
}

describe('PickupTimeInput', () => {
  it('says a time already passed has passed, not that it is less than an hour away', () => {
    render(<Pickup value="2020-01-15 10:30:00" />);
    expect(screen.getByText('This pickup time has already passed.')).toBeInTheDocument();
    expect(screen.queryByText('This pickup is less than an hour away.')).not.toBeInTheDocument();
  });

  it('offers nothing to confirm when the form refuses the time (a past time on /book)', () => {
    render(<Pickup value="2020-01-15 10:30:00" error="Choose a pickup time in the future" />);
    expect(screen.getByText('Choose a pickup time in the future')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
