import { describe, expect, it } from 'vitest';
import { encodePageCursor, pageCursorField, parsePageCursor, type PageCursor } from './page-cursor';

const AT = '2030-01-15T02:00:00.123456Z';
const ID = '11111111-1111-4111-8111-111111111111';

describe('page cursors', () => {
  it('keeps a list by time as the time and id alone', () => {
    expect(encodePageCursor({ at: AT, id: ID })).toBe(`${AT}~${ID}`);
    expect(parsePageCursor(`${AT}~${ID}`)).toEqual({ at: AT, id: ID });
  });

  it.each<[string, PageCursor]>([
    ['a fare', { at: AT, id: ID, key: '84.50' }],
    ['a name with the separator in it', { at: AT, id: ID, key: 'smith ~ jones~' }],
    ['an empty name', { at: AT, id: ID, key: '' }],
    ['no driver (null)', { at: AT, id: ID, key: null }],
    ['the page before a row', { at: AT, id: ID, key: 'b~', isBackward: true }],
    ['the page before, by time', { at: AT, id: ID, isBackward: true }],
    ["a shuttle stop's place", { at: AT, id: ID, stop: 2 }],
    ['a place outside a run, sorted by name', { at: AT, id: ID, key: '3~', stop: 0 }],
    ['the page before a stop', { at: AT, id: ID, stop: 12, isBackward: true }],
  ])('reads back %s exactly', (_name, cursor) => {
    expect(parsePageCursor(encodePageCursor(cursor))).toEqual(cursor);
  });

  it('refuses text it did not give out', () => {
    for (const value of [
      '',
      'nonsense',
      `${AT}~not-a-uuid`,
      `2030-13-45T25:61:00.000Z~${ID}`,
      `x~${AT}~${ID}`,
      `=84.50~${AT}`,
      `${AT}~-1~${ID}`,
      `${AT}~12345~${ID}`,
      `${AT}~1.5~${ID}`,
    ]) {
      expect(parsePageCursor(value), value).toBeNull();
    }
  });

  it('lets a list by time refuse a sorted or backward cursor', () => {
    const byTime = pageCursorField();
    const sorted = pageCursorField({ isSorted: true });
    const keyed = encodePageCursor({ at: AT, id: ID, key: 'smith' });
    const backward = encodePageCursor({ at: AT, id: ID, isBackward: true });
    const stop = encodePageCursor({ at: AT, id: ID, stop: 1 });
    expect(byTime.safeParse(`${AT}~${ID}`).success).toBe(true);
    expect(byTime.safeParse(keyed).success).toBe(false);
    expect(byTime.safeParse(backward).success).toBe(false);
    expect(byTime.safeParse(stop).success).toBe(false);
    expect(sorted.safeParse(stop).success).toBe(true);
    expect(sorted.safeParse(keyed).success).toBe(true);
    expect(sorted.safeParse(backward).success).toBe(true);
  });
});
