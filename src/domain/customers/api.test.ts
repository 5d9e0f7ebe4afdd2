import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_FIELD_MAX,
  CustomerInputSchema,
  CustomerListQuerySchema,
  CustomerUpdateSchema,
  freeSavedAddressLabel,
  MAX_SAVED_ADDRESSES,
} from './api';
import { INVALID_PHONE_MESSAGE } from './phone';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('CustomerInputSchema', () => {
  it('needs only a first name; every other field may be left out or blank', () => {
    expect(CustomerInputSchema.parse({ firstName: ' Jane ' })).toEqual({
      firstName: 'Jane',
      lastName: '',
      email: null,
      phone: null,
      homeAddress: null,
      preferredVehicleType: null,
      notes: '',
      savedAddresses: [],
    });
    expect(
      CustomerInputSchema.parse({
        firstName: 'Jane',
        email: '',
        phone: '',
        homeAddress: '  ',
        preferredVehicleType: '',
      }),
    ).toMatchObject({ email: null, phone: null, homeAddress: null, preferredVehicleType: null });
  });

  it('refuses a missing or blank first name', () => {
    expect(issues(CustomerInputSchema.safeParse({ firstName: '  ' }))).toEqual([
      ['firstName', 'is required'],
    ]);
    expect(issues(CustomerInputSchema.safeParse({}))[0]?.[0]).toBe('firstName');
  });

  it('stores an Australian phone in E.164 whichever way it was typed', () => {
    expect(CustomerInputSchema.parse({ firstName: 'J', phone: '0412 345 678' }).phone).toBe(
      '+61412345678',
    );
    expect(CustomerInputSchema.parse({ firstName: 'J', phone: '(08) 9221 1234' }).phone).toBe(
      '+61892211234',
    );
  });

  it('refuses a phone that is not a valid Australian number', () => {
    expect(issues(CustomerInputSchema.safeParse({ firstName: 'J', phone: '12345' }))).toEqual([
      ['phone', INVALID_PHONE_MESSAGE],
    ]);
  });

  it('refuses an email that does not look like one, and lower-cases a good one', () => {
    expect(issues(CustomerInputSchema.safeParse({ firstName: 'J', email: 'jane@' }))).toEqual([
      ['email', 'enter a valid email address'],
    ]);
    expect(CustomerInputSchema.parse({ firstName: 'J', email: 'Jane@Example.COM' }).email).toBe(
      'jane@example.com',
    );
  });

  it('accepts the three vehicle types or none', () => {
    expect(
      CustomerInputSchema.parse({ firstName: 'J', preferredVehicleType: 'Multivan 6' })
        .preferredVehicleType,
    ).toBe('Multivan 6');
    expect(
      CustomerInputSchema.safeParse({ firstName: 'J', preferredVehicleType: 'Limousine' }).success,
    ).toBe(false);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} saved addresses, each with a label and an address`, () => {
    const address = (index: number) => ({
      label: `Work ${index}`,
      address: '1 St Georges Tce, Perth WA 6000',
    });
    expect(
      CustomerInputSchema.safeParse({
        firstName: 'J',
        savedAddresses: Array.from({ length: MAX_SAVED_ADDRESSES }, (_, index) => address(index)),
      }).success,
    ).toBe(true);
    expect(
      CustomerInputSchema.safeParse({
        firstName: 'J',
        savedAddresses: Array.from({ length: MAX_SAVED_ADDRESSES + 1 }, (_, index) =>
          address(index),
        ),
      }).success,
    ).toBe(false);
    expect(
      issues(
        CustomerInputSchema.safeParse({
          firstName: 'J',
          savedAddresses: [{ label: 'Work', address: ' ' }],
        }),
      ),
    ).toEqual([['savedAddresses.0.address', 'is required']]);
  });

  it("refuses a label that repeats another saved address's, case and surrounding spaces aside", () => {
    const saved = (label: string) => ({ label, address: '1 Hay St, Perth WA 6000' });
    const refusal = (savedAddresses: { label: string; address: string }[]) =>
      issues(CustomerInputSchema.safeParse({ firstName: 'J', savedAddresses }));
    expect(refusal([saved('Home'), saved('Work'), saved('  home ')])).toEqual([
      ['savedAddresses.2.label', '"home" is already the label of saved address 1'],
    ]);
    expect(refusal([saved('HOME'), saved('Home')])).toEqual([
      ['savedAddresses.1.label', '"Home" is already the label of saved address 1'],
    ]);
    expect(refusal([saved('Home'), saved('Home 2'), saved('Work')])).toEqual([]);
    // An edit sends the list whole and meets the same rule.
    expect(
      issues(CustomerUpdateSchema.safeParse({ savedAddresses: [saved('Gym'), saved('gym')] })),
    ).toEqual([['savedAddresses.1.label', '"gym" is already the label of saved address 1']]);
  });

  it("gives a label another address has a number: 'Work 2', within the label's limit", () => {
    const saved = [{ label: 'Work' }, { label: 'work 2' }, { label: 'Home' }];
    expect(freeSavedAddressLabel(saved, 'Gym')).toBe('Gym');
    expect(freeSavedAddressLabel(saved, ' WORK ')).toBe('WORK 3');
    const long = 'L'.repeat(CUSTOMER_FIELD_MAX.savedAddressLabel);
    expect(freeSavedAddressLabel([{ label: long }], long)).toBe(`${'L'.repeat(58)} 2`);
  });

  it('does not take totals from the client', () => {
    const parsed = CustomerInputSchema.parse({ firstName: 'J', totalBookings: 99, totalSpent: 5 });
    expect(parsed).not.toHaveProperty('totalBookings');
    expect(parsed).not.toHaveProperty('totalSpent');
  });
});

describe('CustomerUpdateSchema', () => {
  it('changes only the fields sent', () => {
    expect(CustomerUpdateSchema.parse({ notes: 'VIP' })).toEqual({ notes: 'VIP' });
    expect(CustomerUpdateSchema.parse({})).toEqual({});
  });

  it('clears an optional field sent blank or null', () => {
    expect(CustomerUpdateSchema.parse({ email: '', phone: null, homeAddress: '' })).toEqual({
      email: null,
      phone: null,
      homeAddress: null,
    });
  });

  it('applies the same phone and email rules as creation', () => {
    expect(CustomerUpdateSchema.parse({ phone: '0412 345 678' })).toEqual({
      phone: '+61412345678',
    });
    expect(CustomerUpdateSchema.safeParse({ phone: 'call me' }).success).toBe(false);
    expect(CustomerUpdateSchema.safeParse({ firstName: '' }).success).toBe(false);
  });
});

describe('CustomerListQuerySchema', () => {
  it('pages 50 at a time from the start by default', () => {
    expect(CustomerListQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it('allows pages of 1 to 200 customers', () => {
    expect(CustomerListQuerySchema.parse({ limit: '200', offset: '400' })).toEqual({
      limit: 200,
      offset: 400,
    });
    expect(CustomerListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(CustomerListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
  });
});
