import { describe, expect, it } from 'vitest';
import { prepareDriver } from './driver-import';

function reasonOf(row: Record<string, string>): string | null {
  const prepared = prepareDriver({ line: 2, problem: null, row });
  return prepared.ok ? null : prepared.reason;
}

describe('a driver import row', () => {
  it('names every bad value at once, in the order of the columns', () => {
    expect(
      reasonOf({
        'Driver First Name': '',
        'Driver Last Name': 'Stone',
        'Driver Phone': '12345',
        'Driver Email': 'ella@',
      }),
    ).toBe(
      'Driver First Name: is required. ' +
        'Driver Phone: Enter a valid phone number, e.g. 0412 345 678, or +44 20 7946 0958 from abroad. ' +
        'Driver Email: enter a valid email address.',
    );
  });

  it('keeps a row with one bad value to that one reason', () => {
    expect(
      reasonOf({
        'Driver First Name': 'Zoe',
        'Driver Last Name': '',
        'Driver Phone': '0400 333 444',
        'Driver Email': '',
      }),
    ).toBe('Driver Last Name: is required.');
  });
});
