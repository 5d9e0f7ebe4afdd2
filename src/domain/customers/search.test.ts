import { describe, expect, it } from 'vitest';
import { matchesCustomerSearch, type SearchableCustomer } from './search';

const jane: SearchableCustomer = {
  firstName: 'Jane',
  lastName: 'Citizen',
  email: 'Jane.Citizen@Example.com',
  phone: '+61412345678 ext 12',
};

describe('matchesCustomerSearch', () => {
  it('matches everyone when the query is empty or blank', () => {
    expect(matchesCustomerSearch(jane, '')).toBe(true);
    expect(matchesCustomerSearch(jane, '   ')).toBe(true);
  });

  it('matches a full-name substring case-insensitively, across the first and last name', () => {
    expect(matchesCustomerSearch(jane, 'jane')).toBe(true);
    expect(matchesCustomerSearch(jane, 'CITIZ')).toBe(true);
    expect(matchesCustomerSearch(jane, 'ne ci')).toBe(true);
  });

  it('does not join the first and last name without the space', () => {
    expect(matchesCustomerSearch(jane, 'janecitizen')).toBe(false);
  });

  it('matches a name whatever its accents, in the query or the name', () => {
    const zoe = { ...jane, firstName: 'Zoë', lastName: 'Ånström' };
    expect(matchesCustomerSearch(zoe, 'zoe anstrom')).toBe(true);
    expect(matchesCustomerSearch(zoe, 'ZOË')).toBe(true);
    expect(matchesCustomerSearch({ ...jane, firstName: 'Zoe' }, 'Zoë')).toBe(true);
    expect(matchesCustomerSearch({ ...jane, lastName: 'Nguyễn' }, 'nguyen')).toBe(true);
    // A decomposed accent (an import's 'e' + U+0301), and letters unaccent spells out (ł, ß).
    expect(matchesCustomerSearch({ ...jane, firstName: 'Jose\u0301' }, 'José')).toBe(true);
    expect(matchesCustomerSearch({ ...jane, lastName: 'Łęcka-Strauß' }, 'lecka-strauss')).toBe(
      true,
    );
  });

  it('matches an email substring case-insensitively', () => {
    expect(matchesCustomerSearch(jane, 'example.COM')).toBe(true);
    expect(matchesCustomerSearch(jane, 'n@ex')).toBe(true);
  });

  it('matches a phone substring case-sensitively', () => {
    expect(matchesCustomerSearch(jane, '412345')).toBe(true);
    expect(matchesCustomerSearch(jane, 'ext 12')).toBe(true);
    expect(matchesCustomerSearch(jane, 'EXT 12')).toBe(false);
  });

  it('matches a phone typed the way people write it, whatever the stored form', () => {
    expect(matchesCustomerSearch(jane, '0412 345')).toBe(true);
    expect(matchesCustomerSearch(jane, '+61 412 345 678')).toBe(true);
    expect(matchesCustomerSearch(jane, '(04) 1234-5678')).toBe(true);
    expect(matchesCustomerSearch(jane, '345 678')).toBe(true);
    expect(matchesCustomerSearch(jane, '0413 345')).toBe(false);
    expect(matchesCustomerSearch({ ...jane, phone: null }, '0412')).toBe(false);
  });

  it('ignores spaces around the query', () => {
    expect(matchesCustomerSearch(jane, '  citizen ')).toBe(true);
  });

  it('matches nothing else', () => {
    expect(matchesCustomerSearch(jane, 'smith')).toBe(false);
    expect(matchesCustomerSearch({ ...jane, email: null, phone: null }, '0412')).toBe(false);
  });
});
