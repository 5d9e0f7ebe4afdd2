import { describe, expect, it } from 'vitest';
import { noticeLayout, noticesAbove, placedNotices } from './route-overlays';

describe('the notices while a dialog is open (decision 116)', () => {
  it('are five of the usual width with no dialog open', () => {
    expect(noticeLayout(1366, null)).toEqual({ width: 440, limit: 5 });
  });

  it('narrow to the room right of an xl dialog at 1366 px, clear of its buttons', () => {
    // An xl dialog (780 px) centred in 1366 px ends at 1073 px.
    expect(noticeLayout(1366, 1073)).toEqual({ width: 261, limit: 5 });
  });

  it('stand beside an xl dialog on a 1280 px laptop, 218 px wide, not over its buttons (decision 149)', () => {
    // An xl dialog centred in 1280 px ends at 1030 px.
    expect(noticeLayout(1280, 1030)).toEqual({ width: 218, limit: 5 });
  });

  it('come one at a time when there is no room for a readable notice beside the dialog', () => {
    expect(noticeLayout(1024, 902)).toEqual({ width: 440, limit: 1 });
  });
});

describe('the notices where the dispatch board asks (decision 149)', () => {
  const laptop = { width: 1280, height: 720 };

  it("stand in the map's top-right corner, clear of its zoom buttons, half its height at most", () => {
    // Split View at 1280 x 720 with a booking selected: the map over the details.
    expect(placedNotices(laptop, { top: 207, right: 1264, bottom: 502, left: 815 })).toEqual({
      width: 385,
      limit: 1,
      spot: { top: 217, right: 26 },
    });
    // Map View: the map beside the details.
    expect(placedNotices(laptop, { top: 207, right: 985, bottom: 651, left: 580 })).toEqual({
      width: 341,
      limit: 2,
      spot: { top: 217, right: 305 },
    });
  });

  it('are 440 px wide at most, five at most on a tall map', () => {
    expect(
      placedNotices(
        { width: 1920, height: 1200 },
        { top: 200, right: 1904, bottom: 1130, left: 800 },
      ),
    ).toEqual({ width: 440, limit: 4, spot: { top: 210, right: 26 } });
    expect(
      placedNotices(
        { width: 2560, height: 1600 },
        { top: 200, right: 2544, bottom: 1500, left: 800 },
      ),
    ).toMatchObject({ width: 440, limit: 5 });
  });

  it('leave the map when it is too narrow or not in the window', () => {
    expect(placedNotices(laptop, { top: 207, right: 500, bottom: 500, left: 240 })).toBeNull();
    // Scrolled off the top, or below the window's bottom.
    expect(placedNotices(laptop, { top: -40, right: 1264, bottom: 300, left: 815 })).toBeNull();
    expect(placedNotices(laptop, { top: 680, right: 1264, bottom: 1060, left: 815 })).toBeNull();
  });

  it('without the map, stand above the bottom bar, in half the window at most', () => {
    // The bottom bar at 1280 x 720: 44 px high, 16 px above the window's bottom.
    expect(noticesAbove(laptop, { top: 660, right: 1264, bottom: 704, left: 112 })).toEqual({
      width: 440,
      limit: 3,
      spot: { bottom: 70, right: 16 },
    });
    // A phone's page that scrolls: the bar is far down, or up in the window's top half.
    expect(noticesAbove(laptop, { top: 1900, right: 800, bottom: 1944, left: 0 })).toBeNull();
    expect(noticesAbove(laptop, { top: 200, right: 800, bottom: 244, left: 0 })).toBeNull();
  });
});
