import {
  createNotificationsStore,
  showNotification,
  type NotificationsStore,
} from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { testBooking } from '../../../test/booking-fixtures';
import { flagNotice } from './use-live-events';

/** Mantine's notice queue with room for one at a time, as on a laptop's stacked map. */
function roomForOne(): NotificationsStore {
  const store = createNotificationsStore();
  store.setState({ ...store.getState(), limit: 1 });
  return store;
}

const titles = (notices: { title?: unknown }[]) => notices.map((notice) => notice.title);

describe('flag notices', () => {
  const declined = testBooking({ declinedAt: '2030-01-15T02:00:00.000Z' });

  it("give their place to the answer to the dispatcher's own action, and come back after it", () => {
    const store = roomForOne();
    showNotification(flagNotice('not-accepted', declined), store);
    showNotification(flagNotice('declined', declined), store);
    expect(titles(store.getState().notifications)).toEqual(['Assignment not accepted']);

    showNotification({ title: 'Shuttle run created', message: 'References A, B' }, store);
    expect(titles(store.getState().notifications)).toEqual(['Shuttle run created']);
    expect(titles(store.getState().queue)).toEqual(['Assignment not accepted', 'Job declined']);
  });

  it('keep their own order among themselves', () => {
    const store = roomForOne();
    for (const flag of ['returned', 'declined', 'not-accepted'] as const) {
      showNotification(flagNotice(flag, declined), store);
    }
    expect(titles(store.getState().queue)).toEqual(['Job declined', 'Assignment not accepted']);
  });
});
