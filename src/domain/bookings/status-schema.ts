import { z } from 'zod';
import { BOOKING_STATUSES } from './status';

// The statuses themselves live in status.ts, free of zod, for the web's first
// download (decision 34: /book's time rules use them); the schema stays here.
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
