import { describe, expect, it } from 'vitest';
import { noticeLayout } from './route-overlays';

describe('the notices while a dialog is open (decision 116)', () => {
  it('are five of the usual width with no dialog open', () => {
    expect(noticeLayout(1366, null)).toEqual({ width: 440, limit: 5 });
  });

  it('narrow to the room right of an xl dialog at 1366 px, clear of its buttons', () => {
    // An xl dialog (780 px) centred in 1366 px ends at 1073 px.
    expect(noticeLayout(1366, 1073)).toEqual({ width: 261, limit: 5 });
  });

  it('come one at a time when there is no room for a readable notice beside the dialog', () => {
    expect(noticeLayout(1024, 902)).toEqual({ width: 440, limit: 1 });
  });
});
