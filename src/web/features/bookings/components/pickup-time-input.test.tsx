import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PickupTimeInput } from './pickup-time-input';

function Pickup({
  value,
  error,
  pastRefusal,
}: {
  value: string;
  error?: string;
  pastRefusal?: string;
}) {
  return (
    <MantineProvider>
      <PickupTimeInput
        label="Pickup"
        value={value}
        onChange={() => {}}
        confirmed={false}
        onConfirmedChange={() => {}}
        error={error}
        pastRefusal={pastRefusal}
      />
    </MantineProvider>
  );
}

/** A pickup field keeping its own value, as a form does. */
function EditablePickup({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <PickupTimeInput
        label="Pickup"
        value={value}
        onChange={setValue}
        confirmed
        onConfirmedChange={() => {}}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
    </MantineProvider>
  );
}

describe('PickupTimeInput', () => {
  afterEach(() => vi.useRealTimers());

  it('asks to confirm a time that has passed, unless the form refuses past times, which says why instead', () => {
    const { unmount } = render(<Pickup value="2020-03-02 09:00:00" />);
    expect(screen.getByText('This pickup time has already passed.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /^Yes, pickup/ })).toBeVisible();
    unmount();

    render(<Pickup value="2020-03-02 09:00:00" pastRefusal="Choose a later time." />);
    expect(screen.getByText('Choose a later time.')).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Pickup: time' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it("shows the day as the calendar's field does before the calendar is loaded", () => {
    render(<EditablePickup initial="2031-12-05 10:30:00" />);
    const day = screen.getByRole('button', { name: 'Pickup: date' });
    expect(day).toHaveTextContent('Dec 5, 2031');
    expect(day).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the calendar on the first tap, in the same field, and takes the chosen day', async () => {
    const user = userEvent.setup();
    render(<EditablePickup initial="2031-12-05 10:30:00" />);
    await user.click(screen.getByRole('button', { name: 'Pickup: date' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar: Pickup: date' });
    const day = screen.getByRole('button', { name: 'Pickup: date' });
    expect(day).toHaveTextContent('Dec 5, 2031');
    expect(day).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(calendar).getByRole('button', { name: '18 December 2031' }));
    expect(screen.getByRole('button', { name: 'Pickup: date' })).toHaveTextContent('Dec 18, 2031');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2031-12-18 10:30:00');
  });

  it('gives focus back to the date field when a day is chosen by keyboard', async () => {
    const user = userEvent.setup();
    render(<EditablePickup initial="2031-12-05 10:30:00" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pickup: date' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog');
    await waitFor(() => expect(calendar).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2031-12-06 10:30:00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pickup: date' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Pickup: time' })).toHaveFocus();
  });

  it('shows the placeholder until a day is chosen', () => {
    render(<EditablePickup initial={null} />);
    expect(screen.getByRole('button', { name: 'Pickup: date' })).toHaveTextContent('Choose a day');
  });

  it('says a time already passed has passed, not that it is less than an hour away', () => {
    render(<Pickup value="2020-01-15 10:30:00" />);
    expect(screen.getByText('This pickup time has already passed.')).toBeInTheDocument();
    expect(screen.queryByText('This pickup is less than an hour away.')).not.toBeInTheDocument();
  });

  it('says a confirmed time has passed once the clock passes it, with nothing else redrawn', () => {
    vi.useFakeTimers({ now: new Date('2031-12-05T02:20:00Z') }); // 10:20 am in Perth
    render(<EditablePickup initial="2031-12-05 10:30:00" />);
    expect(screen.getByText('This pickup is less than an hour away.')).toBeInTheDocument();
    expect(screen.queryByText('This pickup time has already passed.')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(11 * 60_000));
    expect(screen.getByText('This pickup time has already passed.')).toBeInTheDocument();
  });

  /** What a screen reader is told of itself: every live region's text, and every alert. */
  function spoken() {
    const live = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')];
    return live
      .filter((region) => region.getAttribute('aria-label') !== 'Value')
      .map((region) => region.textContent ?? '')
      .filter(Boolean);
  }

  it('says nothing when the default pickup moves on with the clock (decision 148)', () => {
    vi.useFakeTimers({ now: new Date('2031-12-05T02:20:00Z') }); // 10:20 am in Perth
    const { rerender } = render(<Pickup value="2031-12-05 10:25:00" />);
    rerender(<Pickup value="2031-12-05 10:30:00" />);
    act(() => vi.advanceTimersByTime(20_000));

    // Shown, not announced.
    expect(screen.getByText('This pickup is less than an hour away.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /^Yes, pickup .*10:30 am/ })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(spoken()).toEqual([]);
  });

  it("announces the pickup in words, and what it asks, after the user's own change", async () => {
    vi.useFakeTimers({ now: new Date('2031-12-05T02:20:00Z'), shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<EditablePickup initial="2031-12-05 14:30:00" />);
    expect(spoken()).toEqual([]);

    const time = screen.getByRole('textbox', { name: 'Pickup: time' });
    await user.clear(time);
    await user.type(time, '1045');
    expect(spoken()).toEqual([
      expect.stringMatching(/^Pickup: .*10:45 am.*\. This pickup is less than an hour away\.$/),
    ]);
  });

  it('offers nothing to confirm when the form refuses the time (a past time on /book)', () => {
    render(<Pickup value="2020-01-15 10:30:00" error="Choose a pickup time in the future" />);
    expect(screen.getByText('Choose a pickup time in the future')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
