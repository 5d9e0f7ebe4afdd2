import { describe, expect, it } from 'vitest';
import { navigationUrl, nextDriverStep } from './navigation';

describe('navigationUrl', () => {
  const point = { address: 'Perth Airport T1', lat: -31.94, lng: 115.97 };
  const addressOnly = { address: 'Perth Airport T1', lat: null, lng: null };

  it('uses coordinates when known, else the address', () => {
    expect(navigationUrl('google', point)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-31.94,115.97',
    );
    expect(navigationUrl('apple', addressOnly)).toBe(
      'https://maps.apple.com/?daddr=Perth%20Airport%20T1',
    );
    expect(navigationUrl('waze', point)).toBe('https://waze.com/ul?ll=-31.94,115.97&navigate=yes');
    expect(navigationUrl('waze', addressOnly)).toBe(
      'https://waze.com/ul?q=Perth%20Airport%20T1&navigate=yes',
    );
  });
});

describe('nextDriverStep', () => {
  it('walks En route → Arrived → Passenger on board → Completed', () => {
    expect(nextDriverStep('assigned')?.label).toBe('En route');
    expect(nextDriverStep('en-route')?.status).toBe('arrived');
    expect(nextDriverStep('arrived')?.label).toBe('Passenger on board');
    expect(nextDriverStep('on-board')?.status).toBe('completed');
    expect(nextDriverStep('completed')).toBeNull();
  });
});
