import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time';

describe('useOneAtATime', () => {
  it('ignores a second start while the first runs, and starts again once it ends', async () => {
    const { result } = renderHook(() => useOneAtATime());
    let finish!: () => void;
    let starts = 0;
    const action = () =>
      new Promise<void>((resolve) => {
        starts += 1;
        finish = resolve;
      });
    let first!: Promise<void>;
    act(() => {
      first = result.current(action);
      void result.current(action);
    });
    expect(starts).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    await act(async () => {
      const again = result.current(action);
      finish();
      await again;
    });
    expect(starts).toBe(2);
  });

  it('starts again after an action that failed', async () => {
    const { result } = renderHook(() => useOneAtATime());
    await expect(result.current(() => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
    let ran = false;
    await result.current(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
