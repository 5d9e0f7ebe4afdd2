import {
  createNotificationsStore,
  hideNotification,
  showNotification,
  type NotificationData,
} from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import { assignedNotice } from './assigned-notice';

const withApp = { firstName: 'Arlo', lastName: 'Driver', userId: 'u1' };
const withoutApp = { firstName: 'Bella', lastName: 'Driver', userId: null };
const NO_WARNINGS = { capacityWarning: null, clashWarning: null };
const CLASH =
  'Arlo Driver has job KM42E9 at 11:50 pm: after it they would reach this pickup about 12:40 am, not by 11:58 pm.';

describe('assignedNotice', () => {
  it('is green and short when the driver has the app and the vehicle fits', () => {
    expect(assignedNotice(withApp, 'QF7K2M', NO_WARNINGS)).toEqual({
      color: 'green',
      title: 'Driver assigned',
      message: 'Arlo Driver has booking QF7K2M.',
    });
  });

  it('tells dispatch to phone a driver without the app', () => {
    expect(assignedNotice(withoutApp, 'QF7K2M', NO_WARNINGS)).toEqual({
      color: 'yellow',
      title: 'Driver assigned: no driver app',
      message:
        'Bella Driver has booking QF7K2M. They have no driver app account, so it will not reach their phone: tell them by phone.',
    });
  });

  it('keeps a too-small vehicle on screen, with the missing app after it', () => {
    const notice = assignedNotice(withoutApp, 'QF7K2M', {
      capacityWarning: 'This job needs a Multivan 6.',
      clashWarning: null,
    });
    expect(notice).toMatchObject({
      color: 'yellow',
      title: 'Driver assigned: vehicle too small',
      autoClose: false,
    });
    expect(notice.message).toBe(
      'Bella Driver has booking QF7K2M. This job needs a Multivan 6. They have no driver app account, so it will not reach their phone: tell them by phone.',
    );
  });

  it('keeps a clash with another job on screen', () => {
    const notice = assignedNotice(withApp, 'QF7K2M', {
      capacityWarning: null,
      clashWarning: CLASH,
    });
    expect(notice).toEqual({
      color: 'yellow',
      title: 'Driver assigned: another job too close',
      message: `Arlo Driver has booking QF7K2M. ${CLASH}`,
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
    });
  });

  it("gives a kept warning's place to the next answer where one notice fits, and brings it back", () => {
    // Mantine's queue with room for one notice, as on a laptop's stacked map.
    const store = createNotificationsStore();
    store.setState({ ...store.getState(), limit: 1 });
    const shown = () => store.getState().notifications.map((notice) => notice.title);
    showNotification(
      assignedNotice(withApp, 'QF7K2M', { capacityWarning: null, clashWarning: CLASH }),
      store,
    );
    expect(shown()).toEqual(['Driver assigned: another job too close']);
    const answer: NotificationData = {
      title: 'Booking updated',
      message: 'Booking QF7K2M is now en-route.',
    };
    const answerId = showNotification(answer, store);
    expect(shown()).toEqual(['Booking updated']);
    // The answer closes after its seconds: the warning is back.
    hideNotification(answerId, store);
    expect(shown()).toEqual(['Driver assigned: another job too close']);
  });

  it('gives both warnings when the vehicle is too small and the time clashes', () => {
    const notice = assignedNotice(withApp, 'QF7K2M', {
      capacityWarning: 'This job needs a Multivan 6.',
      clashWarning: CLASH,
    });
    expect(notice.title).toBe('Driver assigned: read the warnings');
    expect(notice.message).toBe(
      `Arlo Driver has booking QF7K2M. This job needs a Multivan 6. ${CLASH}`,
    );
  });
});
