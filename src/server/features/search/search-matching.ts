// What a search compares and how each kind of match is asked (search-repository.ts
// puts them into the jobs, customers, drivers and locations statements).
import { sql, type SQL } from 'drizzle-orm';
import { phoneSearchDigits } from '../../../domain/customers';
import { SEARCH_COUNT_CAP, SEARCH_GROUP_LIMIT } from '../../../domain/search';
import type { Executor } from '../../db/database';
import type { bookings, customers } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { folded, foldedTyped, matchesFolded, startsFolded } from '../../lib/search-fold';

const trigramAvailability = new WeakMap<object, Promise<boolean>>();

/** Whether pg_trgm is installed in this database (looked up once per connection). */
export function hasTrigrams(db: Executor): Promise<boolean> {
  let known = trigramAvailability.get(db);
  if (!known) {
    known = db
      .execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`)
      .then((result) => (result as unknown as { rows: unknown[] }).rows.length > 0);
    trigramAvailability.set(db, known);
  }
  return known;
}

const digitsOf = (column: SQL | typeof bookings.phone) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

export type Matcher = {
  /** The query anywhere in the text (a LIKE pattern; what was typed is literal). */
  pattern: string;
  /** The query as the whole text, and as its start (LIKE patterns): a name's best ranks. */
  wholePattern: string;
  startPattern: string;
  digits: string | null;
  q: string;
  /** The query's words, for names typed in any order or with a typo in one. */
  words: string[];
  typos: boolean;
};

/** A name has a few words; a pasted paragraph is matched as a whole only. */
const MAX_NAME_WORDS = 4;
/** Words shorter than this are matched exactly only: a trigram of 'al' matches half the book. */
const TYPO_MIN_LENGTH = 3;

export function phoneMatch(column: SQL | typeof bookings.phone, matcher: Matcher): SQL | undefined {
  return matcher.digits ? sql`${digitsOf(column)} like ${`%${matcher.digits}%`}` : undefined;
}

/**
 * How a name column forgives a typo in a word (pg_trgm; the columns' trigram
 * indexes answer both): a column holding one name (first, last) by
 * similarity (`%`, at least 0.3); a column holding a whole name (a job's
 * passenger) by word similarity (`<%`: the closest word in it), at least
 * PASSENGER_WORD_SIMILARITY.
 */
export type NameColumn = { column: SQL; holds: 'one-name' | 'whole-name' };

/** The word close to the name column, accents aside (see NameColumn). */
function typoMatch({ column, holds }: NameColumn, word: string): SQL {
  return holds === 'one-name'
    ? sql`${folded(column)} % ${foldedTyped(word)}`
    : sql`${foldedTyped(word)} <% ${folded(column)}`;
}

/**
 * pg_trgm's default word-similarity threshold (0.6) misses one wrong letter
 * in a short surname ('Whitfeld' to 'Whitfield' is 0.58); 0.5 still needs
 * most of the word's trigrams.
 */
export const PASSENGER_WORD_SIMILARITY = 0.5;

/**
 * A name by its words: every word of the query is in one of the name columns,
 * as typed (any order: 'Whitfield Margaret') or, with pg_trgm, with a typo
 * ('Margret Whitfeld'). Undefined for one word without pg_trgm: the
 * whole-query substring match already covers it.
 */
export function nameWordsMatch(columns: NameColumn[], matcher: Matcher): SQL | undefined {
  const { words, typos } = matcher;
  if (words.length === 0 || (words.length === 1 && !typos)) return undefined;
  const wordMatches = words.map((word) => {
    const alternatives = columns.flatMap((name) => [
      matchesFolded(name.column, containsPattern(word)),
      ...(typos && word.length >= TYPO_MIN_LENGTH ? [typoMatch(name, word)] : []),
    ]);
    return sql`(${sql.join(alternatives, sql` or `)})`;
  });
  return sql`(${sql.join(wordMatches, sql` and `)})`;
}

export const oneName = (column: SQL): NameColumn => ({ column, holds: 'one-name' });

/**
 * One word with a typo in a name column (pg_trgm): the trigram alternatives of
 * nameWordsMatch alone, for jobs and customers, which match the word as typed
 * by the whole-query substring already. Undefined without pg_trgm, for
 * several words (nameWordsMatch) or a short word.
 */
export function oneWordTypoMatch(columns: NameColumn[], matcher: Matcher): SQL | undefined {
  const [word] = matcher.words;
  if (matcher.words.length !== 1 || !matcher.typos || word!.length < TYPO_MIN_LENGTH) {
    return undefined;
  }
  const alternatives = columns.map((name) => typoMatch(name, word!));
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** Several words: nameWordsMatch; one word is the substring and oneWordTypoMatch. */
export function severalWordsMatch(columns: NameColumn[], matcher: Matcher): SQL | undefined {
  return matcher.words.length > 1 ? nameWordsMatch(columns, matcher) : undefined;
}

/**
 * The matches of each kind (one index's question each), at most
 * SEARCH_COUNT_CAP of each in `order`, unioned: the first SEARCH_COUNT_CAP of
 * any kind are in it, and every match when there are fewer than the cap, so
 * a count of it capped at SEARCH_COUNT_CAP is exact below the cap. A typo
 * match (rank below every substring match) is looked for only when the text
 * as typed finds fewer than a page: the page is the same, the work is not.
 * An OR of every kind let the planner use no index well (docs/performance.md).
 */
export function matchedCtes(
  columns: SQL,
  table: typeof bookings | typeof customers,
  order: SQL,
  kinds: (SQL | undefined)[],
  typo: SQL | undefined,
): SQL {
  const ofKind = (condition: SQL) =>
    sql`(select ${columns} from ${table} where ${condition} order by ${order} limit ${SEARCH_COUNT_CAP})`;
  const exact = kinds.filter((kind): kind is SQL => kind !== undefined).map(ofKind);
  const typoKind = typo
    ? sql` union ${ofKind(sql`${typo} and (select count(*) from exact) < ${SEARCH_GROUP_LIMIT}`)}`
    : sql``;
  return sql`exact as (${sql.join(exact, sql` union `)}),
    matched as (select * from exact${typoKind})`;
}

/** Whether the name is the query itself (a customer without a last name ends in a space). */
export function isWholeName(name: SQL, matcher: Matcher): SQL {
  return matchesFolded(sql`rtrim(${name})`, matcher.wholePattern);
}

/**
 * Best first, as an ORDER BY list: the name exactly as typed, then a name
 * starting with it, then one containing it, then the closest typo (accents
 * and case aside); within each, the closest by pg_trgm.
 */
export function rank(column: SQL, matcher: Matcher): SQL {
  const closeness = matcher.typos
    ? sql`word_similarity(${foldedTyped(matcher.q)}, ${folded(column)})`
    : sql`0`;
  return sql`(case when ${isWholeName(column, matcher)} then 3
    when ${matchesFolded(column, matcher.startPattern)} then 2
    when ${matchesFolded(column, matcher.pattern)} then 1 else 0 end) desc, ${closeness} desc`;
}

/**
 * The name matches no number of looser ones may push off the page: names that
 * are the query or start with it, the whole names first, then in `order`, a
 * page of them. Jobs rank only their newest matches and customers count to a
 * cap in name order, so an older 'Zoë' fell behind hundreds of newer 'Zoë
 * Smith's and 'Chloë Zoellner's. The name's prefix index (migration 0028)
 * answers it as a range, whatever the number of names merely containing it.
 */
export function nameStartCte(
  columns: SQL,
  table: typeof bookings | typeof customers,
  name: SQL,
  order: SQL,
  matcher: Matcher,
): SQL {
  return sql`name_start as (select ${columns} from ${table}
    where ${startsFolded(name, matcher.startPattern)}
    order by ${isWholeName(name, matcher)} desc, ${order}
    limit ${SEARCH_GROUP_LIMIT})`;
}

/** What a search compares, from the text typed; `typos` says whether pg_trgm is installed. */
export function matcherOf(q: string, typos: boolean): Matcher {
  const words = q.split(/\s+/).filter(Boolean);
  const pattern = containsPattern(q);
  // What was typed, its wildcards made literal, without the pattern's '%'s.
  const literal = pattern.slice(1, -1);
  return {
    q,
    words: words.length <= MAX_NAME_WORDS ? words : [],
    pattern,
    wholePattern: literal,
    startPattern: `${literal}%`,
    digits: phoneSearchDigits(q),
    typos,
  };
}
