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

  it('takes a name of invisible characters for no name, and trims the rest', () => {
    const row = (first: string, last: string) => ({
      'Driver First Name': first,
      'Driver Last Name': last,
      'Driver Phone': '0400 333 444',
      'Driver Email': '',
    });
    expect(reasonOf(row('\u200B', ' \u00A0 '))).toBe(
      'Driver First Name: is required. Driver Last Name: is required.',
    );
    const prepared = prepareDriver({ line: 2, problem: null, row: row('\uFEFFAda', 'Zoë\u200B') });
    expect(prepared.ok && [prepared.driver.firstName, prepared.driver.lastName]).toEqual([
      'Ada',
      'Zoë',
    ]);
  });
});
