import { describe, expect, it } from 'vitest';
import { CustomerInputSchema, INVALID_PHONE_MESSAGE } from '../../domain/customers';
import { OnlineBookingInputSchema } from '../../domain/bookings/online-booking';
import { schemaError } from './schema-error';

describe('schemaError', () => {
  it("takes the server's field schema as the rule and the screen's words as the message", () => {
    const email = OnlineBookingInputSchema.shape.email;
    expect(schemaError(email, 'ann@example.com', 'Enter a valid email address')).toBeNull();
    expect(schemaError(email, '', 'Enter a valid email address')).toBeNull();
    expect(schemaError(email, 'ann@', 'Enter a valid email address')).toBe(
      'Enter a valid email address',
    );
  });

  it('says what the screen shows when the server refuses the field when given no message', () => {
    const firstName = CustomerInputSchema.shape.firstName;
    expect(schemaError(firstName, 'Ann')).toBeNull();
    expect(schemaError(firstName, '  ')).toBe('Is required');
    expect(schemaError(CustomerInputSchema.shape.phone, '123')).toBe(INVALID_PHONE_MESSAGE);
  });
});
