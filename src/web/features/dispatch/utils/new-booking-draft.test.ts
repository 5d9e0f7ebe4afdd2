import { beforeEach, describe, expect, it } from 'vitest';
import { emptyBookingForm } from './booking-form-state';
import { isBlankNewBooking, loadNewBookingDraft, saveNewBookingDraft } from './new-booking-draft';

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

  it('counts a pickup time the dispatcher set as typed, and the default one not', () => {
    const empty = emptyBookingForm(new Date('2030-01-15T01:01:00Z'));
    expect(isBlankNewBooking({ ...empty, pickupTime: '2030-01-15 09:10:00' })).toBe(true);
    const set = { ...empty, pickupTime: '2030-01-15 11:00:00', isPickupTimeSet: true };
    expect(isBlankNewBooking(set)).toBe(false);
    saveNewBookingDraft('u1', { values: set, idempotencyKey: null });
    expect(loadNewBookingDraft('u1')?.values).toEqual(set);
  });

  it('keeps the pickup time of a draft stored by a build that did not say whether it was set', () => {
    const values = { ...emptyBookingForm(new Date()), passengerName: 'Ann Lee' };
    saveNewBookingDraft('u1', { values, idempotencyKey: null });
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as {
      values: Record<string, unknown>;
    };
    delete stored.values.isPickupTimeSet;
    delete stored.values.pasteNotes;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));

    expect(loadNewBookingDraft('u1')?.values).toEqual({ ...values, isPickupTimeSet: true });
  });

  it('is dropped when its paste notes are not a set of notes', () => {
    const values = { ...emptyBookingForm(new Date()), passengerName: 'Ann Lee' };
    saveNewBookingDraft('u1', { values, idempotencyKey: null });
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY)!) as {
      values: Record<string, unknown>;
    };
    stored.values.pasteNotes = null;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));

    expect(loadNewBookingDraft('u1')).toBeNull();
  });
});
