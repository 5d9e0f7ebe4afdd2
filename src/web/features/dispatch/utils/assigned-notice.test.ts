import { describe, expect, it } from 'vitest';
import { assignedNotice } from './assigned-notice';

const withApp = { firstName: 'Arlo', lastName: 'Driver', userId: 'u1' };
const withoutApp = { firstName: 'Bella', lastName: 'Driver', userId: null };

describe('assignedNotice', () => {
  it('is green and short when the driver has the app and the vehicle fits', () => {
    expect(assignedNotice(withApp, 'QF7K2M', null)).toEqual({
      color: 'green',
      title: 'Driver assigned',
      message: 'Arlo Driver has booking QF7K2M.',
    });
  });

  it('tells dispatch to phone a driver without the app', () => {
    expect(assignedNotice(withoutApp, 'QF7K2M', null)).toEqual({
      color: 'yellow',
      title: 'Driver assigned: no driver app',
      message:
        'Bella Driver has booking QF7K2M. They have no driver app account, so it will not reach their phone: tell them by phone.',
    });
  });

  it('keeps a too-small vehicle on screen, with the missing app after it', () => {
    const notice = assignedNotice(withoutApp, 'QF7K2M', 'This job needs a Multivan 6.');
    expect(notice).toMatchObject({
      color: 'yellow',
      title: 'Driver assigned: vehicle too small',
      autoClose: false,
    });
    expect(notice.message).toBe(
      'This job needs a Multivan 6. They have no driver app account, so it will not reach their phone: tell them by phone.',
    );
  });
});
