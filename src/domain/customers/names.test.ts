import { describe, expect, it } from 'vitest';
import { splitFullName } from './names';

describe('splitFullName', () => {
  it.each([
    ['Mary Jane van der Berg', 'Mary Jane', 'van der Berg'],
    ['Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['Ludwig Van Beethoven', 'Ludwig', 'Van Beethoven'],
    ['Ali bin Ahmad', 'Ali', 'bin Ahmad'],
    ['Mary Jane Smith', 'Mary Jane', 'Smith'],
    ['  John   Smith ', 'John', 'Smith'],
  ])('keeps the family name with its particles: %s', (typed, firstName, lastName) => {
    expect(splitFullName(typed)).toEqual({ firstName, lastName });
  });

  it('keeps at least one word as the first name', () => {
    expect(splitFullName('Van Morrison')).toEqual({ firstName: 'Van', lastName: 'Morrison' });
    expect(splitFullName('De La Soul')).toEqual({ firstName: 'De', lastName: 'La Soul' });
  });

  it("reads 'Last, First' at the comma", () => {
    expect(splitFullName('van der Berg, Mary Jane')).toEqual({
      firstName: 'Mary Jane',
      lastName: 'van der Berg',
    });
  });

  it('takes a one-word name (or nothing) as the first name', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitFullName('  ')).toEqual({ firstName: '', lastName: '' });
    expect(splitFullName('Smith,')).toEqual({ firstName: 'Smith,', lastName: '' });
  });
});
