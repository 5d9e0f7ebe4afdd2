import { afterAll, vi } from 'vitest';

// Server test files share their worker's modules and globals (vitest.config.ts):
// a file that faked the clock must not hand it to the next one.
afterAll(() => {
  vi.useRealTimers();
});
