import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customers } from '../db/schema';

/*
 * Search ignores accents (decision 92): 'Zoe' finds 'Zoë' and 'Zoë' finds 'Zoe'.
 * Both sides of a comparison are folded by the database's search_fold
 * (migration 0024: unaccent, or the identity where a database lacks it), so
 * the typed text and the stored one cannot be folded two ways. Only
 * comparisons are folded: what a search shows is the stored text, accents and all.
 */

/**
 * A stored name or address as search compares it. Over a column, or over the
 * expression a trigram index holds (migration 0024), it is the indexed
 * expression itself: change one, change the other.
 */
export function folded(stored: SQLWrapper): SQL {
  return sql`search_fold(${stored})`;
}

/** What a person typed (a word, or a LIKE pattern from containsPattern), folded as `folded` is. */
export function foldedTyped(typed: string | SQLWrapper): SQL {
  return sql`search_fold(${typed})`;
}

/** Whether the stored text matches the LIKE pattern, ignoring case and accents. */
export function matchesFolded(stored: SQLWrapper, pattern: string | SQLWrapper): SQL {
  return sql`(${folded(stored)} ilike ${foldedTyped(pattern)})`;
}

/**
 * Whether the stored text matches a LIKE pattern that starts with literal text
 * ('zoe%'), ignoring case and accents. Lower-cased on both sides, it is the
 * expression of migration 0028's prefix indexes (text_pattern_ops), which
 * answer it as a range of the index: the trigram index can answer a prefix
 * only by rechecking every row holding its trigrams.
 */
export function startsFolded(stored: SQLWrapper, startPattern: string): SQL {
  return sql`(lower(${folded(stored)}) like lower(${foldedTyped(startPattern)}))`;
}

/**
 * A customer's full name, first and last joined by a space. Folded, it is the
 * expression of migration 0024's customers_name_folded_trgm_idx, which
 * Customer Management and Search both ask.
 */
export const customerFullName = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;
