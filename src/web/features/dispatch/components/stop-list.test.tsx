import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { newStop } from '../utils/booking-form-state';
import { StopList, type StopsUpdate } from './stop-list';

describe('StopList', () => {
  it('keeps both of two quick edits to a stop made before the list is drawn again', () => {
    const stops = [{ ...newStop([]), location: 'QT Perth' }];
    const updates: StopsUpdate[] = [];
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        {/* The parent never redraws: both edits come from the same drawing of the row. */}
        <StopList stops={stops} errors={{}} onChange={(update) => updates.push(update)} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Passengers' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), {
      target: { value: 'dropoff' },
    });
    const result = updates.reduce((current, update) => update(current), stops);
    expect(result).toEqual([{ ...stops[0], passengers: 2, type: 'dropoff' }]);
  });
});
