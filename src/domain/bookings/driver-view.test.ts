import { describe, expect, it } from 'vitest';
import { bookingForDriver } from './driver-view';

const CUSTOMER = {
  id: 'c1',
  firstName: 'Zoe',
  lastName: 'Stewart',
  phone: '+61436919060',
  email: 'stewart.zoe@example.test',
};
const booking = (status: 'assigned' | 'on-board' | 'completed' | 'no-show' | 'cancelled') => ({
  status,
  phone: '+61436919060',
  customer: CUSTOMER,
  reference: 'ABC123',
});

describe('bookingForDriver', () => {
  it('keeps the passenger phone while the job is to do, never the customer record contacts', () => {
    for (const status of ['assigned', 'on-board'] as const) {
      expect(bookingForDriver(booking(status))).toEqual({
        ...booking(status),
        customer: { ...CUSTOMER, phone: null, email: null },
      });
    }
  });

  it('drops the passenger phone once the job is over', () => {
    for (const status of ['completed', 'no-show', 'cancelled'] as const) {
      const seen = bookingForDriver(booking(status));
      expect(seen.phone).toBe('');
      expect(seen.customer).toEqual({ ...CUSTOMER, phone: null, email: null });
      expect(seen.reference).toBe('ABC123');
    }
  });

  it('leaves a booking without a customer without one', () => {
    expect(bookingForDriver({ ...booking('assigned'), customer: null }).customer).toBeNull();
  });
});
