import { beforeEach, describe, expect, it } from 'vitest';
import { emptyBookingForm } from './booking-form-state';
import { loadNewBookingDraft, saveNewBookingDraft } from './new-booking-draft';

const STORAGE_KEY = 'perth-chauffeur-ops:new-booking-draft';

beforeEach(() => sessionStorage.clear());

describe('the new booking draft (decision 90)', () => {
  it('comes back after a reload onto a build whose form has a field the draft lacks', () => {
    const values = { ...emptyBookingForm(new Date()), passengerName: 'Ann Lee' };
    saveNewBookingDraft('u1', { values, idempotencyKey: 'key-1' });
    // As a build before the Fare field stored it.
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as {
      values: Record<string, unknown>;
    };
    delete stored.values.fareAmount;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));

    expect(loadNewBookingDraft('u1')).toEqual({ values, idempotencyKey: 'key-1' });
  });

  it('is dropped when a field holds what the form cannot show', () => {
    const values = { ...emptyBookingForm(new Date()), passengerName: 'Ann Lee' };
    saveNewBookingDraft('u1', { values, idempotencyKey: null });
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as {
      values: Record<string, unknown>;
    };
    stored.values.numPassengers = 'two';
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));

    expect(loadNewBookingDraft('u1')).toBeNull();
  });
});
