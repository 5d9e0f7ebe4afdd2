import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetTabRecord, readTabRecord, writeTabRecord } from './tab-storage';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('what a tab keeps', () => {
  it('gives back the object kept, and nothing once forgotten', () => {
    expect(writeTabRecord('k', { a: 1 })).toBe(true);
    expect(readTabRecord('k')).toEqual({ a: 1 });
    forgetTabRecord('k');
    expect(readTabRecord('k')).toBeNull();
  });

  it('reads text that is not a kept object as nothing', () => {
    for (const text of ['not json', '[1,2]', '"text"', 'null', '3']) {
      sessionStorage.setItem('k', text);
      expect(readTabRecord('k'), text).toBeNull();
    }
  });

  it('says a value was not kept when the storage refuses it, and fails nothing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeTabRecord('k', { a: 1 })).toBe(false);
    expect(readTabRecord('k')).toBeNull();
  });
});
