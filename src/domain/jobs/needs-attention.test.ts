import { describe, expect, it } from 'vitest';
import {
  attentionLabel,
  attentionReasons,
  isAcknowledgementOverdue,
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
    // Decision 195: they finish it, their phone sharing the position until it is over.
    'a suspended driver finishing the ride on board, the position fresh, is fine',
    {
      status: 'on-board',
      pickupTime: minutes(-20),
      driver: { status: 'suspended', locationUpdatedAt: minutes(-1) },
    },
    [],
  ],
  [
    'a suspended driver finishing the ride on board with no position for 11 minutes is stale',
    {
      status: 'on-board',
      pickupTime: minutes(-20),
      driver: { status: 'suspended', locationUpdatedAt: minutes(-11) },
    },
    ['driver-stale'],
  ],
  [
    'a driver who went offline with the passenger aboard is off shift',
    {
      status: 'on-board',
      pickupTime: minutes(-20),
      driver: { status: 'offline', locationUpdatedAt: minutes(-1) },
    },
    ['driver-off-shift'],
  ],
  [
    'a suspended driver still on an arrived job is off shift',
    {
      status: 'arrived',
      pickupTime: minutes(-5),
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
  [
    'an assignment not accepted 5 minutes after it was made (the default timeout)',
    { status: 'assigned', pickupTime: minutes(600), driver: onShift, assignedAt: minutes(-5) },
    ['not-acknowledged'],
  ],
  [
    'an assignment made 4 minutes ago may still be accepted',
    { status: 'assigned', pickupTime: minutes(600), driver: onShift, assignedAt: minutes(-4) },
    [],
  ],
  [
    'an accepted assignment is fine however old',
    {
      status: 'assigned',
      pickupTime: minutes(600),
      driver: onShift,
      assignedAt: minutes(-60),
      acknowledgedAt: minutes(-59),
    },
    [],
  ],
  [
    'a job under way is not waiting for an acceptance',
    { status: 'en-route', pickupTime: minutes(10), driver: onShift, assignedAt: minutes(-60) },
    [],
  ],
  [
    'an assignment with no record of when it was made is not timed',
    { status: 'assigned', pickupTime: minutes(600), driver: onShift, assignedAt: null },
    [],
  ],
  [
    'a declined job needs a new driver even days ahead',
    { status: 'pending', pickupTime: minutes(3 * 24 * 60), driver: null, declinedAt: minutes(-1) },
    ['driver-declined'],
  ],
  [
    'a declined job an hour out needs a driver for both reasons',
    { status: 'pending', pickupTime: minutes(60), driver: null, declinedAt: minutes(-1) },
    ['unassigned-soon', 'driver-declined'],
  ],
  [
    'a job returned to dispatch needs a new driver even a week ahead',
    { status: 'pending', pickupTime: minutes(7 * 24 * 60), driver: null, returnedAt: minutes(-1) },
    ['returned-to-dispatch'],
  ],
  [
    'a job returned to dispatch an hour out needs a driver for both reasons',
    { status: 'pending', pickupTime: minutes(60), driver: null, returnedAt: minutes(-1) },
    ['unassigned-soon', 'returned-to-dispatch'],
  ],
  [
    'a returned job that was cancelled needs nothing',
    {
      status: 'cancelled',
      pickupTime: minutes(7 * 24 * 60),
      driver: null,
      returnedAt: minutes(-1),
    },
    [],
  ],
];

describe('attentionReasons', () => {
  it.each(cases)('%s', (_name, job, expected) => {
    expect(attentionReasons(job, NOW)).toEqual(expected);
  });
});

describe('the acknowledgement timeout', () => {
  const job = { status: 'assigned', pickupTime: minutes(600), driver: onShift } as const;

  it('follows the setting', () => {
    expect(attentionReasons({ ...job, assignedAt: minutes(-3) }, NOW, 3)).toEqual([
      'not-acknowledged',
    ]);
    expect(attentionReasons({ ...job, assignedAt: minutes(-3) }, NOW, 4)).toEqual([]);
  });

  it('isAcknowledgementOverdue says the same', () => {
    expect(isAcknowledgementOverdue({ ...job, assignedAt: minutes(-10) }, NOW, 10)).toBe(true);
    expect(isAcknowledgementOverdue({ ...job, assignedAt: minutes(-9) }, NOW, 10)).toBe(false);
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

describe('attentionLabel', () => {
  const job = { returnedReason: 'Kate Anderson is suspended', declinedReason: 'Car broke down' };

  it('says why a job was returned or declined, in the words given for it', () => {
    expect(attentionLabel('returned-to-dispatch', job)).toBe(
      'Returned to dispatch (Kate Anderson is suspended): needs a new driver',
    );
    expect(attentionLabel('driver-declined', job)).toBe('Declined by the driver: “Car broke down”');
  });

  it('falls back on the fixed label without those words, and for every other reason', () => {
    expect(attentionLabel('returned-to-dispatch', {})).toBe(
      'Returned to dispatch: needs a new driver',
    );
    expect(attentionLabel('driver-declined', { declinedReason: null })).toBe(
      'Declined by the driver',
    );
    expect(attentionLabel('unassigned-soon', job)).toBe('No driver, pickup within 2 hours');
  });
});
