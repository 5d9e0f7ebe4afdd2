import { and, or, sql, type SQL } from 'drizzle-orm';
import { phoneSearchDigits } from '../../../domain/customers';
import { bookings } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';

// The free-text condition the bookings lists (Jobs Overview, Job History)
// search with, and the columns it reads.

/**
 * Every text column free text looks in, joined by newlines: migration 0019
 * indexed it (trigrams), 0024 indexes it folded as `matchesFolded` compares
 * it (accents aside), so one index finds the candidates of a free-text
 * search instead of each row's seven columns being read (docs/performance.md).
 * The migration spells this expression out: change both or neither.
 */
export const bookingSearchText = sql`(${bookings.reference} || E'\\n' || ${bookings.passengerName}
  || E'\\n' || ${bookings.phone} || E'\\n' || ${bookings.pickupLocation}
  || E'\\n' || ${bookings.dropoffLocation} || E'\\n' || ${bookings.notes}
  || E'\\n' || coalesce(${bookings.accountCode}, ''))`;

/** The booking's phone as digits only, however it was written. */
export const bookingPhoneDigits = sql`regexp_replace(${bookings.phone}, '[^0-9]', '', 'g')`;

/** More words than a dispatcher types for a booking: a pasted paragraph is one phrase. */
const MAX_TEXT_WORDS = 6;

/**
 * A booking matching free text: reference, passenger, phone (however it is
 * written), addresses, notes, account. Jobs Overview and Job History search by it.
 *
 * Word by word: each word is somewhere in the booking, so 'wei li' finds Li
 * Wei and 'hay  street' (two spaces) finds Hay Street. A word has no line
 * break, so it cannot run across two of the joined text's columns; each is
 * asked of the joined text's folded trigram index. The phone also matches by
 * its digits however it was typed.
 */
export function bookingTextCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  const terms = words.length <= MAX_TEXT_WORDS ? words : [words.join(' ')];
  const digits = phoneSearchDigits(q);
  return or(
    and(...terms.map((term) => matchesFolded(bookingSearchText, containsPattern(term)))),
    digits ? sql`${bookingPhoneDigits} like ${`%${digits}%`}` : undefined,
  );
}
