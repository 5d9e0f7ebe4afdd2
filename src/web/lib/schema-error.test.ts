import { describe, expect, it } from 'vitest';
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
});
