import { describe, expect, it } from 'vitest';
import { encodePageCursor } from '../api/page-cursor';
import { JobsQuerySchema } from './api';

const place = { at: '2030-01-15T02:00:00.123456Z', id: '11111111-1111-4111-8111-111111111111' };

function issues(query: Record<string, string>) {
  const parsed = JobsQuerySchema.safeParse(query);
  return parsed.success
    ? []
    : [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
}

describe('the Jobs list cursor', () => {
  it('takes a cursor only with the sort whose value it carries', () => {
    const byTime = encodePageCursor(place);
    const byFare = encodePageCursor({ ...place, key: '84.50' });
    const noDriver = encodePageCursor({ ...place, key: null, isBackward: true });
    expect(issues({ cursor: byTime })).toEqual([]);
    expect(issues({ cursor: byFare, sort: 'fare', dir: 'desc' })).toEqual([]);
    expect(issues({ cursor: noDriver, sort: 'driver' })).toEqual([]);
    expect(
      issues({ cursor: encodePageCursor({ ...place, key: 'pending' }), sort: 'status' }),
    ).toEqual([]);
    expect(issues({ cursor: byFare })).toEqual(['cursor']);
    expect(issues({ cursor: byTime, sort: 'fare' })).toEqual(['cursor']);
    expect(issues({ cursor: noDriver, sort: 'passenger' })).toEqual(['cursor']);
    expect(issues({ cursor: encodePageCursor({ ...place, key: 'lots' }), sort: 'fare' })).toEqual([
      'cursor',
    ]);
    expect(
      issues({ cursor: encodePageCursor({ ...place, key: 'flying' }), sort: 'status' }),
    ).toEqual(['cursor']);
  });

  it('names the cursor, not the sort, for text that is no cursor', () => {
    expect(issues({ cursor: 'page-5', sort: 'fare' })).toEqual(['cursor']);
    expect(issues({ cursor: 'x'.repeat(401) })).toEqual(['cursor']);
  });
});
