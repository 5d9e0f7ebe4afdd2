import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateBookingInputSchema, UpdateBookingInputSchema } from '../bookings/api';
import { OnlineBookingInputSchema } from '../bookings/online-booking';
import { CustomerInputSchema, CustomerUpdateSchema } from '../customers/api';
import { MultiBookingTripSchema } from '../dispatch/api';
import { DriverCreateInputSchema, DriverRecordUpdateSchema } from '../drivers/roster';
import {
  AuthSignUpInputSchema,
  AuthUpdateUserInputSchema,
  UpdateProfileInputSchema,
} from '../settings/api';
import { InviteUserInputSchema } from '../users/api';
import { isPersonName, optionalPersonName, personName, trimInvisible } from './text';

/** Names that draw nothing: each is no name at all. */
const INVISIBLE_NAMES = [
  '\u200B', // zero-width space
  ' \u00A0 ', // spaces and a no-break space
  '\uFEFF', // BOM
  '\u200C\u200D\u2060', // joiners, word joiner
  '\u00AD', // soft hyphen
  '\u3164', // Hangul filler (a 'letter')
  '\u2800', // blank braille pattern
  '\u034F\uFE0F', // combining grapheme joiner, variation selector
  '\u{E0020}', // tag space
  '',
];

describe('personName()', () => {
  const name = personName(100);

  it.each(INVISIBLE_NAMES.map((value) => [JSON.stringify(value), value]))(
    'refuses %s with the required message',
    (_label, value) => {
      const result = name.safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['is required']);
    },
  );

  it('refuses a name without a letter or digit', () => {
    expect(name.safeParse('-.').success).toBe(false);
  });

  it('stores a name trimmed of invisible characters and keeps its letters', () => {
    expect(name.parse('\uFEFFAda')).toBe('Ada');
    expect(name.parse('\u200B Zoë \u00A0')).toBe('Zoë');
    expect(name.parse('Zoë')).toBe('Zoë');
    expect(name.parse("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(name.parse('李')).toBe('李');
    expect(name.parse('R2')).toBe('R2');
    // Inside a name nothing is taken out; a right-to-left name keeps its marks.
    expect(name.parse('Ada\u200BLovelace')).toBe('Ada\u200BLovelace');
    expect(name.parse('\u200Fשרה כהן\u200E')).toBe('\u200Fשרה כהן\u200E');
    expect(name.parse('\u{1F600}Ada\u{E007F}')).toBe('\u{1F600}Ada');
  });

  it('counts the length of what is kept, and gives its own required message', () => {
    expect(personName(3).safeParse('\u200BAda\u200B').success).toBe(true);
    expect(
      personName(3, { requiredMessage: 'enter your name' }).safeParse('\u200B').error?.issues[0]
        ?.message,
    ).toBe('enter your name');
  });

  it('leaves an optional name made of invisible characters empty', () => {
    expect(optionalPersonName(100).parse('\u200B\u00A0')).toBe('');
    expect(optionalPersonName(100).parse(' \uFEFFLovelace ')).toBe('Lovelace');
  });

  it('trims a long run of invisible characters', () => {
    const run = '\u200B'.repeat(100_000);
    expect(trimInvisible(`${run}Ada${run}`)).toBe('Ada');
    expect(isPersonName(run)).toBe(false);
  });
});

describe('every person name the API takes', () => {
  type Case = [string, z.ZodType, string];
  const required: Case[] = [
    ['customer first name', CustomerInputSchema.shape.firstName, 'is required'],
    ['customer first name (edit)', CustomerUpdateSchema.shape.firstName, 'is required'],
    ['driver first name', DriverCreateInputSchema.shape.firstName, 'is required'],
    ['driver last name', DriverCreateInputSchema.shape.lastName, 'is required'],
    ['driver first name (edit)', DriverRecordUpdateSchema.shape.firstName, 'is required'],
    ['driver last name (edit)', DriverRecordUpdateSchema.shape.lastName, 'is required'],
    ['invited user', InviteUserInputSchema.shape.name, 'is required'],
    ['profile display name', UpdateProfileInputSchema.shape.name, 'is required'],
    ['sign-up name', AuthSignUpInputSchema.shape.name, 'is required'],
    ['sign-in library name', AuthUpdateUserInputSchema.shape.name, 'is required'],
    ['multi booking passenger', MultiBookingTripSchema.shape.passengerName, 'is required'],
    ['online booking passenger', OnlineBookingInputSchema.shape.passengerName, 'enter your name'],
  ];

  it.each(required)('%s: refuses invisible names, trims the rest', (_label, schema, message) => {
    for (const value of ['\u200B', ' \u00A0 ', '\uFEFF']) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(schema.parse('\uFEFFAda')).toBe('Ada');
    expect(schema.parse('Zoë')).toBe('Zoë');
  });

  it.each([
    ['customer last name', CustomerInputSchema.shape.lastName],
    ['booking passenger', CreateBookingInputSchema.shape.passengerName],
    ['booking passenger (edit)', UpdateBookingInputSchema.shape.passengerName],
  ] as [string, z.ZodType][])(
    '%s: optional, an invisible name is stored empty',
    (_label, schema) => {
      expect(schema.parse('\u200B')).toBe('');
      expect(schema.parse(' \u00A0 ')).toBe('');
      expect(schema.parse('\uFEFFAda')).toBe('Ada');
      expect(schema.parse('Zoë')).toBe('Zoë');
    },
  );

  it('names the field', () => {
    const customer = CustomerInputSchema.safeParse({ firstName: '\u200B' });
    expect(customer.error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: 'is required',
    });
    const driver = DriverCreateInputSchema.safeParse({
      firstName: 'Ada',
      lastName: '\u00A0',
      phone: '0412 345 678',
    });
    expect(driver.error?.issues[0]).toMatchObject({ path: ['lastName'], message: 'is required' });
  });
});
