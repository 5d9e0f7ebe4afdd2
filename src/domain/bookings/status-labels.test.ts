import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_LABELS, BOOKING_STATUS_OPTIONS, BOOKING_STATUSES } from './status';

describe('status names', () => {
  it('writes each status one way, in filters as in badges', () => {
    expect(BOOKING_STATUS_OPTIONS.map((option) => option.value)).toEqual([...BOOKING_STATUSES]);
    for (const option of BOOKING_STATUS_OPTIONS) {
      expect(option.label).toBe(BOOKING_STATUS_LABELS[option.value]);
    }
    expect(BOOKING_STATUS_LABELS['en-route']).toBe('en-route');
    expect(BOOKING_STATUS_LABELS['no-show']).toBe('no-show');
  });
});
