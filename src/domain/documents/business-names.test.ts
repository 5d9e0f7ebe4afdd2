import { describe, expect, it } from 'vitest';
import { currentDocumentNamed, documentNameKey } from './business-names';

describe('business document names', () => {
  const current = [
    { id: 'a', name: 'Driver handbook' },
    { id: 'b', name: 'Résumé template' },
  ];

  it('finds the current document a name repeats, case and surrounding spaces aside', () => {
    expect(currentDocumentNamed(current, '  DRIVER HANDBOOK ')?.id).toBe('a');
    expect(currentDocumentNamed(current, 'driver handbook')?.id).toBe('a');
    // Composed or not, an accented letter is the same letter.
    expect(currentDocumentNamed(current, 'Re\u0301sume\u0301 TEMPLATE')?.id).toBe('b');
  });

  it('tells apart a name with other words', () => {
    expect(currentDocumentNamed(current, 'Driver handbook 2026')).toBeUndefined();
    expect(currentDocumentNamed(current, 'Driverhandbook')).toBeUndefined();
    expect(documentNameKey(' A b ')).toBe('a b');
  });
});
