import { describe, expect, it } from 'vitest';
import { assignBlock } from './assign-block';

describe('assignBlock', () => {
  it('says a suspended driver cannot be given a job, whatever their papers', () => {
    expect(assignBlock({ status: 'suspended', paperProblems: [] })).toBe('suspended');
    expect(assignBlock({ status: 'suspended', paperProblems: ['PTD is missing'] })).toBe(
      'suspended',
    );
  });

  it('says papers not in order when their papers or their car’s keep them from work', () => {
    expect(
      assignBlock({
        status: 'offline',
        paperProblems: ['Vehicle 1SWN 006: Registration is missing'],
      }),
    ).toBe('papers not in order');
    expect(assignBlock({ status: 'active', paperProblems: ["Driver's licence is missing"] })).toBe(
      'papers not in order',
    );
  });

  it('lets dispatch pick a driver in order, or one whose papers were not read (a live event)', () => {
    expect(assignBlock({ status: 'offline', paperProblems: [] })).toBeNull();
    expect(assignBlock({ status: 'active' })).toBeNull();
  });
});
