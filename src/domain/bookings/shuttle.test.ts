import { describe, expect, it } from 'vitest';
import { expandShuttleRun, shuttleStopNotes } from './shuttle';

describe('expandShuttleRun', () => {
  const input = {
    pickupLocation: 'Perth Airport T1',
    pickupLat: -31.94,
    pickupLng: 115.97,
    numPassengers: 2,
    notes: 'Wedding party',
    stops: [
      { location: 'Crown Towers Perth', passengers: 3, type: 'pickup' as const },
      {
        location: 'Fremantle Markets',
        passengers: 1,
        type: 'dropoff' as const,
        lat: -32.05,
        lng: 115.75,
      },
    ],
  };

  it('puts the main pickup first with the main passenger count and sequence 0', () => {
    const [main] = expandShuttleRun(input);
    expect(main).toEqual({
      shuttleSequence: 0,
      type: 'pickup',
      pickupLocation: 'Perth Airport T1',
      pickupLat: -31.94,
      pickupLng: 115.97,
      numPassengers: 2,
      notes: 'Shuttle Run Stop - pickup - Wedding party',
    });
  });

  it('follows with each stop in order, numbered by its index in the list', () => {
    const rows = expandShuttleRun(input);
    expect(rows.map((row) => row.shuttleSequence)).toEqual([0, 1, 2]);
    expect(rows.map((row) => row.pickupLocation)).toEqual([
      'Perth Airport T1',
      'Crown Towers Perth',
      'Fremantle Markets',
    ]);
    expect(rows.map((row) => row.numPassengers)).toEqual([2, 3, 1]);
    expect(rows[1]!.pickupLat).toBeNull();
    expect(rows[2]).toMatchObject({ pickupLat: -32.05, pickupLng: 115.75 });
  });

  it('writes the notes as "Shuttle Run Stop - {type} - {notes}" with each stop’s own type', () => {
    expect(expandShuttleRun(input).map((row) => row.notes)).toEqual([
      'Shuttle Run Stop - pickup - Wedding party',
      'Shuttle Run Stop - pickup - Wedding party',
      'Shuttle Run Stop - dropoff - Wedding party',
    ]);
    expect(shuttleStopNotes('dropoff', '')).toBe('Shuttle Run Stop - dropoff - ');
  });

  it('gives just the main pickup when there are no stops', () => {
    expect(expandShuttleRun({ ...input, stops: [] })).toHaveLength(1);
  });
});
