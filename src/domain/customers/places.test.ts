import { describe, expect, it } from 'vitest';
import { customerPlaces } from './places';

describe('customerPlaces', () => {
  it('offers the home address as Home, then the saved addresses under their labels', () => {
    expect(
      customerPlaces({
        homeAddress: '14 Walcott St, Mount Lawley WA 6050',
        savedAddresses: [
          { label: 'Work', address: '12 Hay Street, Perth WA 6000' },
          { label: 'Mum', address: '3 Ocean Dr, Scarborough WA 6019' },
        ],
      }),
    ).toEqual([
      { label: 'Home', address: '14 Walcott St, Mount Lawley WA 6050' },
      { label: 'Work', address: '12 Hay Street, Perth WA 6000' },
      { label: 'Mum', address: '3 Ocean Dr, Scarborough WA 6019' },
    ]);
  });

  it('offers a saved address that repeats the home address, or another, once', () => {
    expect(
      customerPlaces({
        homeAddress: '14 Walcott St, Mount Lawley WA 6050',
        savedAddresses: [
          { label: 'Home', address: '14 walcott st,  Mount Lawley WA 6050, Australia' },
          { label: 'Work', address: '12 Hay Street, Perth WA 6000' },
          { label: 'Office', address: '12 Hay Street, Perth WA 6000' },
        ],
      }),
    ).toEqual([
      { label: 'Home', address: '14 Walcott St, Mount Lawley WA 6050' },
      { label: 'Work', address: '12 Hay Street, Perth WA 6000' },
    ]);
  });

  it('offers none for a customer with no home address and nothing saved', () => {
    expect(customerPlaces({ homeAddress: null, savedAddresses: [] })).toEqual([]);
    expect(customerPlaces({ homeAddress: '  ', savedAddresses: [] })).toEqual([]);
  });
});
