import { describe, expect, it } from 'vitest';
import { customerLookupQuery } from './search-customers';

describe('customerLookupQuery', () => {
  it.each([
    ['0412 345', '+61412345'],
    ['(08) 9221', '+6189221'],
    ['0061 412 345', '+61412345'],
    ['0011 44 20 7946', '+44207946'],
    ['+61 412', '+61 412'],
    ['Smith', 'Smith'],
  ])('looks %s up as %s', (typed, query) => {
    expect(customerLookupQuery(typed)).toBe(query);
  });
});
