import { describe, expect, it } from 'vitest';
import { dispatchFlag, driverAcceptance } from './dispatch-flag';

const none = {
  acknowledgedAt: null,
  acknowledgementOverdueAt: null,
  declinedAt: null,
  returnedAt: null,
};
const AT = '2030-01-15T10:00:00.000Z';

describe('dispatchFlag', () => {
  it('flags an assignment dispatch was told is not accepted', () => {
    expect(dispatchFlag({ ...none, status: 'assigned', acknowledgementOverdueAt: AT })).toBe(
      'not-accepted',
    );
  });

  it('drops the flag once the driver accepts or the job moves on', () => {
    expect(
      dispatchFlag({
        ...none,
        status: 'assigned',
        acknowledgementOverdueAt: AT,
        acknowledgedAt: AT,
      }),
    ).toBeNull();
    expect(dispatchFlag({ ...none, status: 'en-route', acknowledgementOverdueAt: AT })).toBeNull();
  });

  it('flags a declined job while it waits for a driver', () => {
    expect(dispatchFlag({ ...none, status: 'pending', declinedAt: AT })).toBe('declined');
    expect(dispatchFlag({ ...none, status: 'cancelled', declinedAt: AT })).toBeNull();
  });

  it('flags a job returned to dispatch (its driver suspended) until a new driver has it', () => {
    expect(dispatchFlag({ ...none, status: 'pending', returnedAt: AT })).toBe('returned');
    expect(dispatchFlag({ ...none, status: 'assigned', returnedAt: AT })).toBeNull();
    expect(dispatchFlag({ ...none, status: 'cancelled', returnedAt: AT })).toBeNull();
  });

  it('flags nothing on an ordinary booking', () => {
    expect(dispatchFlag({ ...none, status: 'assigned' })).toBeNull();
    expect(dispatchFlag({ ...none, status: 'pending' })).toBeNull();
  });
});

describe('driverAcceptance', () => {
  it('awaits the driver’s Accept on an assigned job, then says accepted', () => {
    expect(driverAcceptance({ ...none, status: 'assigned' })).toBe('awaiting');
    expect(driverAcceptance({ ...none, status: 'assigned', acknowledgedAt: AT })).toBe('accepted');
  });

  it('leaves an overdue assignment to the Not accepted flag', () => {
    expect(
      driverAcceptance({ ...none, status: 'assigned', acknowledgementOverdueAt: AT }),
    ).toBeNull();
  });

  it('says nothing of a job not assigned, or already under way', () => {
    expect(driverAcceptance({ ...none, status: 'pending' })).toBeNull();
    expect(driverAcceptance({ ...none, status: 'en-route', acknowledgedAt: AT })).toBeNull();
    expect(driverAcceptance({ ...none, status: 'cancelled', acknowledgedAt: AT })).toBeNull();
  });
});
