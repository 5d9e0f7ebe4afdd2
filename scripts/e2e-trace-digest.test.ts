import { describe, expect, it } from 'vitest';
import { digestTrace } from './e2e-trace-digest';

const json = (...values: object[]) => values.map((value) => JSON.stringify(value)).join('\n');
// The test's clock: monotonic 1,000 ms is wall time T.
const T = Date.parse('2026-11-30T14:00:00.000Z');
const at = (ms: number) => new Date(T + ms).toISOString();

const test = json(
  { type: 'context-options', wallTime: T, monotonicTime: 1_000 },
  {
    type: 'before',
    callId: 'a',
    startTime: 1_000,
    method: 'pw:api',
    title: 'Navigate',
    subtitle: '/dispatch',
    stack: [],
  },
  { type: 'after', callId: 'a', endTime: 1_400 },
  {
    type: 'before',
    callId: 'b',
    startTime: 1_500,
    method: 'pw:api',
    title: 'Click',
    subtitle: "getByRole('link', { name: 'Jobs' })",
    stack: [],
  },
  { type: 'after', callId: 'b', endTime: 1_600 },
  {
    type: 'before',
    callId: 'c',
    startTime: 1_600,
    method: 'expect',
    title: 'Expect "toBeVisible"',
    stack: [],
  },
  { type: 'after', callId: 'c', endTime: 31_600 },
  { type: 'error', message: '\u001b[2mexpect(\u001b[22mlocator).toBeVisible() failed\nLocator: …' },
);
const request = (ms: number, url: string, status: number, time: number) => ({
  type: 'resource-snapshot',
  snapshot: {
    startedDateTime: at(ms),
    time,
    request: { method: 'GET', url },
    response: { status },
  },
});

describe("a failed browser test's trace in words", () => {
  it('gives its steps, the requests near the end or slow or refused, and console errors', () => {
    const lines = digestTrace({
      test,
      traces: [
        json(
          {
            type: 'console',
            messageType: 'error',
            text: 'Boom',
            time: 30_000,
            location: { url: 'http://x/app.js' },
          },
          { type: 'console', messageType: 'log', text: 'just chatter', time: 30_100 },
        ),
      ],
      networks: [
        json(
          request(100, 'http://localhost:3100/assets/early.js', 200, 30),
          request(200, 'http://localhost:3100/assets/jobs-page.js', 200, 12_000),
          request(29_000, 'http://localhost:3100/api/jobs?limit=50', 500, 40),
        ),
      ],
    });
    expect(lines).toContain("   -30.1 s  Click getByRole('link', { name: 'Jobs' }) (100 ms)");
    expect(lines).toContain('  failed: expect(locator).toBeVisible() failed');
    // Early and quick: left out; slow though early, and anything in the last 15 s: listed.
    expect(lines.join('\n')).not.toContain('early.js');
    expect(lines).toContain('   -30.4 s  GET localhost:3100/assets/jobs-page.js -> 200 (12000 ms)');
    expect(lines).toContain('    -1.6 s  GET localhost:3100/api/jobs?limit=50 -> 500 (40 ms)');
    expect(lines).toContain('    -1.6 s  error: Boom (http://x/app.js)');
    expect(lines.join('\n')).not.toContain('chatter');
  });
});
