import { describe, expect, it } from 'vitest';
import { historyTotals } from './history';

describe('historyTotals', () => {
  it('counts completed fares as earnings, no-shows apart, cancelled not at all', () => {
    expect(
      historyTotals([
        { status: 'completed', fareAmount: 55.1 },
        { status: 'completed', fareAmount: 20.2 },
        { status: 'no-show', fareAmount: 99 },
        { status: 'cancelled', fareAmount: 40 },
      ]),
    ).toEqual({ trips: 2, earnings: 75.3, noShows: 1 });
  });
});
