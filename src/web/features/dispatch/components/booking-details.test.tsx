import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testBooking } from '../../../test/booking-fixtures';
import { BookingDetails } from './booking-details';

beforeEach(() => {
  // The business time zone's settings never answer: the default zone is used.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});

describe('BookingDetails', () => {
  it('shows the notes on the lines they were written on, the online booking line apart', () => {
    const notes = 'Ring on arrival\nGate code 1234\n[Online booking] Luggage: 2 large, 1 medium';
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <BookingDetails booking={testBooking({ notes })} />
      </AppProviders>,
    );

    const shown = screen.getByText(/Ring on arrival/);
    expect(shown.textContent).toBe(notes);
    // The line breaks are drawn, not folded into one run-on line.
    expect(shown).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it("ends a returned job's reason as a sentence before saying it needs a new driver", () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <BookingDetails
          booking={testBooking({
            status: 'pending',
            returnedAt: '2026-11-29T01:00:00.000Z',
            returnedReason: 'Driver on leave: Family wedding',
          })}
        />
      </AppProviders>,
    );

    expect(screen.getByText(/Family wedding/).textContent).toBe(
      'Driver on leave: Family wedding. It needs a new driver.',
    );
  });
});
