import { describe, expect, it } from 'vitest';
import { canDriverSetStatus } from './driver-progress';

describe('canDriverSetStatus', () => {
  it.each(['en-route', 'arrived', 'on-board', 'completed', 'no-show'] as const)(
    'lets a driver set %s',
    (status) => expect(canDriverSetStatus(status)).toBe(true),
  );
  it.each(['pending', 'assigned', 'cancelled'] as const)('keeps %s for dispatch', (status) =>
    expect(canDriverSetStatus(status)).toBe(false),
  );
});
