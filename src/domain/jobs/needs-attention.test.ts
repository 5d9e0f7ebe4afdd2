import { describe, expect, it } from 'vitest';
import {
  attentionReasons,
  jobStatusColor,
  type AttentionInput,
  type AttentionReason,
} from './needs-attention';

const NOW = new Date('2030-01-15T10:00:00Z');
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000);
const onShift = { status: 'active', locationUpdatedAt: minutes(-1) };

const cases: [string, AttentionInput, AttentionReason[]][] = [
  [
    'a pending job 3 hours out is fine',
    { status: 'pending', pickupTime: minutes(180), driver: null },
    [],
  ],
  [
    'a pending job exactly 2 hours out needs a driver',
    { status: 'pending', pickupTime: minutes(120), driver: null },
    ['unassigned-soon'],
  ],
  [
    'a pending job 30 minutes out needs a driver',
    { status: 'pending', pickupTime: minutes(30), driver: null },
    ['unassigned-soon'],
  ],
  [
    'a pending job whose pickup passed needs a driver',
    { status: 'pending', pickupTime: minutes(-5), driver: null },
    ['unassigned-soon'],
  ],
  [
    'an assigned job 30 minutes out with a driver on shift is fine',
    { status: 'assigned', pickupTime: minutes(30), driver: onShift },
    [],
  ],
  [
    'an assigned job past pickup without the driver en route',
    { status: 'assigned', pickupTime: minutes(-1), driver: onShift },
    ['pickup-passed-not-en-route'],
  ],
  [
    'an en-route job past pickup is fine',
    { status: 'en-route', pickupTime: minutes(-10), driver: onShift },
    [],
  ],
  [
    'an assigned job within 2 hours with the driver offline',
    {
      status: 'assigned',
      pickupTime: minutes(60),
      driver: { status: 'offline', locationUpdatedAt: null },
    },
    ['driver-off-shift'],
  ],
  [
    'an assigned job tomorrow with the driver offline is fine',
    {
      status: 'assigned',
      pickupTime: minutes(24 * 60),
      driver: { status: 'offline', locationUpdatedAt: null },
    },
    [],
  ],
  [
    'a suspended driver on an on-board job is off shift',
    {
      status: 'on-board',
      pickupTime: minutes(-20),
      driver: { status: 'suspended', locationUpdatedAt: minutes(-1) },
    },
    ['driver-off-shift'],
  ],
  [
    'a driver on shift whose last position is 11 minutes old is stale',
    {
      status: 'en-route',
      pickupTime: minutes(10),
      driver: { status: 'active', locationUpdatedAt: minutes(-11) },
    },
    ['driver-stale'],
  ],
  [
    'a driver on shift who never sent a position is stale',
    {
      status: 'assigned',
      pickupTime: minutes(90),
      driver: { status: 'active', locationUpdatedAt: null },
    },
    ['driver-stale'],
  ],
  [
    'both: pickup passed and the driver went offline',
    {
      status: 'assigned',
      pickupTime: minutes(-3),
      driver: { status: 'offline', locationUpdatedAt: null },
    },
    ['pickup-passed-not-en-route', 'driver-off-shift'],
  ],
  [
    'a completed job never needs attention',
    {
      status: 'completed',
      pickupTime: minutes(-60),
      driver: { status: 'offline', locationUpdatedAt: null },
    },
    [],
  ],
  [
    'a cancelled job never needs attention',
    { status: 'cancelled', pickupTime: minutes(10), driver: null },
    [],
  ],
];

describe('attentionReasons', () => {
  it.each(cases)('%s', (_name, job, expected) => {
    expect(attentionReasons(job, NOW)).toEqual(expected);
  });
});

describe('jobStatusColor', () => {
  it.each([
    ['pending', 'yellow'],
    ['assigned', 'yellow'],
    ['no-show', 'yellow'],
    ['completed', 'green'],
    ['cancelled', 'red'],
  ] as const)('shows %s in %s', (status, colour) => {
    expect(jobStatusColor(status)).toBe(colour);
  });
});
