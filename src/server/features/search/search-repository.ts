import { phonesInTextForDisplay } from '../../../domain/customers/phone-display';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { formatDateTime } from '../../../domain/format';
import { plateKey, VEHICLE_STATUS_LABELS } from '../../../domain/vehicles';
import {
  RECENT_SEARCHES_KEPT,
  SEARCH_COUNT_CAP,
  SEARCH_GROUP_LIMIT,
  type RecentSearch,
  type SearchGroup,
  type SearchResponse,
} from '../../../domain/search';
import type { Executor } from '../../db/database';
import { bookings, customers, drivers, recentSearches, vehicles } from '../../db/schema';
// One rule for what a typed % or _ means, the bookings list's.
import { containsPattern } from '../../lib/like-pattern';
import { customerFullName, matchesFolded } from '../../lib/search-fold';
import {
  hasTrigrams,
  matchedCtes,
  matcherOf,
  nameStartCte,
  nameWordsMatch,
  oneName,
  oneWordTypoMatch,
  PASSENGER_WORD_SIMILARITY,
  phoneMatch,
  rank,
  severalWordsMatch,
  type Matcher,
} from './search-matching';

/** The newest job matches that are ranked for best-first. */
const RANKED_JOB_MATCHES = 500;

type Row = { id: string; title: string; subtitle: string; matched: string; total: number };

function toGroup(rows: Row[]): SearchGroup {
  return {
    count: rows[0]?.total ?? 0,
    // Phones as every list shows them, not as stored (decision 12's E.164).
    hits: rows.map(({ id, title, subtitle, matched }) => ({
      id,
      title,
      subtitle: phonesInTextForDisplay(subtitle),
      matched: phonesInTextForDisplay(matched),
    })),
  };
}

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows.map((row) => ({ ...row, total: Number(row.total) }));
}

/** The jobs a search finds, best first, dated in the business's zone (exported for its plan's test). */
export function jobsStatement(m: Matcher): SQL {
  const passenger = [{ column: sql`${bookings.passengerName}`, holds: 'whole-name' as const }];
  const columns = sql`${bookings.id} as id, ${bookings.reference} as reference,
      ${bookings.passengerName} as passenger_name, ${bookings.pickupTime} as pickup_time,
      ${bookings.status} as status, ${bookings.pickupLocation} as pickup_location,
      ${bookings.notes} as notes, ${bookings.phone} as phone,
      ${bookings.shuttleSequence} as shuttle_sequence`;
  const newest = sql`${bookings.pickupTime} desc`;
  const matched = matchedCtes(
    columns,
    bookings,
    newest,
    [
      sql`${bookings.reference} ilike ${m.pattern}`,
      matchesFolded(bookings.passengerName, m.pattern),
      sql`${bookings.phone} ilike ${m.pattern}`,
      matchesFolded(bookings.notes, m.pattern),
      phoneMatch(bookings.phone, m),
      severalWordsMatch(passenger, m),
    ],
    oneWordTypoMatch(passenger, m),
  );
  const nameStart = nameStartCte(columns, bookings, sql`${bookings.passengerName}`, newest, m);
  const passengerMatched = matchesFolded(sql`m.passenger_name`, m.pattern);
  // A shuttle run's stops share their pickup time and passenger: they read in
  // their order (the id settles every other tie, so a search answers alike).
  // Ranks within the newest matches (and the name_start ones), and counts up
  // to a cap: a common surname matches one booking in eight, and ranking or
  // counting them all read the whole table (docs/performance.md).
  return sql`
    with ${matched}, ${nameStart},
    m as ((select * from matched order by pickup_time desc limit ${RANKED_JOB_MATCHES})
      union select * from name_start)
    select m.id,
      '#' || m.reference || ' ' || m.passenger_name as title,
      (extract(epoch from m.pickup_time) * 1000)::bigint as pickup_ms,
      m.status || ' · ' || m.pickup_location as subtitle,
      case
        when m.reference ilike ${m.pattern} then m.reference
        when ${matchesFolded(sql`m.notes`, m.pattern)} and not ${passengerMatched} then m.notes
        when ${m.digits !== null} and not ${passengerMatched} then m.phone
        else m.passenger_name
      end as matched,
      (select least(count(*), ${SEARCH_COUNT_CAP}) from matched) as total
    from m
    order by m.reference ilike ${m.pattern} desc, ${rank(sql`m.passenger_name`, m)}, m.pickup_time desc,
      m.shuttle_sequence nulls first, m.id
    limit ${SEARCH_GROUP_LIMIT}`;
}

async function searchJobs(db: Executor, m: Matcher, timeZone: string): Promise<SearchGroup> {
  // The word-similarity threshold is set for this statement's transaction only.
  const result = await db.transaction(async (tx) => {
    if (m.typos) {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PASSENGER_WORD_SIMILARITY)}, true)`,
      );
    }
    return tx.execute(jobsStatement(m));
  });
  // The pickup's day and time in the business's zone, written as every date is
  // (decision 46): a dispatcher tells two runs of one passenger by the time.
  const rows = rowsOf(result) as (Row & { pickup_ms: string | number })[];
  return toGroup(
    rows.map(({ pickup_ms: pickupMs, ...row }) => ({
      ...row,
      subtitle: `${formatDateTime(new Date(Number(pickupMs)), timeZone)} · ${row.subtitle}`,
    })),
  );
}

/** The customers a search finds, best first (exported for its plan's test). */
export function customersStatement(m: Matcher): SQL {
  const name = sql`(m.first_name || ' ' || m.last_name)`;
  const names = [oneName(sql`${customers.firstName}`), oneName(sql`${customers.lastName}`)];
  const columns = sql`${customers.id} as id, ${customers.firstName} as first_name,
      ${customers.lastName} as last_name, ${customers.phone} as phone, ${customers.email} as email`;
  const byName = sql`${customers.lastName}, ${customers.firstName}, ${customers.id}`;
  // As for jobs; in name order: a common surname matches one customer in
  // eight, and ranking them all read every customer.
  const matched = matchedCtes(
    columns,
    customers,
    byName,
    [
      matchesFolded(customerFullName, m.pattern),
      sql`${customers.email} ilike ${m.pattern}`,
      phoneMatch(customers.phone as unknown as typeof bookings.phone, m),
      severalWordsMatch(names, m),
    ],
    oneWordTypoMatch(names, m),
  );
  const nameStart = nameStartCte(columns, customers, customerFullName, byName, m);
  const nameMatched = matchesFolded(name, m.pattern);
  return sql`
    with ${matched}, ${nameStart}
    select m.id, ${name} as title,
      concat_ws(' · ', m.phone, m.email) as subtitle,
      case when m.email ilike ${m.pattern} and not ${nameMatched} then m.email
        when ${m.digits !== null} and not ${nameMatched} then coalesce(m.phone, '')
        else ${name} end as matched,
      (select least(count(*), ${SEARCH_COUNT_CAP}) from matched) as total
    from (select * from matched union select * from name_start) m
    order by ${rank(name, m)}, m.last_name, m.first_name
    limit ${SEARCH_GROUP_LIMIT}`;
}

async function searchCustomers(db: Executor, m: Matcher): Promise<SearchGroup> {
  return toGroup(rowsOf(await db.execute(customersStatement(m))));
}

/**
 * Drivers by name or phone. Not by plate: a plate finds the vehicle
 * (searchVehicles), which names its drivers. Found by their car's plate,
 * every driver sharing it (day and night shifts) was listed as if their
 * name had matched.
 */
async function searchDrivers(db: Executor, m: Matcher): Promise<SearchGroup> {
  const name = sql`(${drivers.firstName} || ' ' || ${drivers.lastName})`;
  const where = sql.join(
    [
      matchesFolded(name, m.pattern),
      phoneMatch(drivers.phone as unknown as typeof bookings.phone, m),
      nameWordsMatch([oneName(sql`${drivers.firstName}`), oneName(sql`${drivers.lastName}`)], m),
    ].filter((part): part is SQL => part !== undefined),
    sql` or `,
  );
  const result = await db.execute(sql`
    select ${drivers.id} as id, ${name} as title,
      concat_ws(' · ', ${drivers.phone}, ${vehicles.registration}, ${drivers.status}) as subtitle,
      case when ${m.digits !== null} and not ${matchesFolded(name, m.pattern)} then coalesce(${drivers.phone}, '')
        else ${name} end as matched,
      count(*) over () as total
    from ${drivers}
    left join ${vehicles} on ${vehicles.id} = ${drivers.vehicleId}
    where (${where}) and ${drivers.deactivatedAt} is null
    order by ${rank(name, m)}, ${drivers.lastName}
    limit ${SEARCH_GROUP_LIMIT}`);
  return toGroup(rowsOf(result));
}

/**
 * Vehicles by plate (case, spaces and hyphens aside, as plates are compared),
 * each saying who drives it: its drivers, the one on shift first. A
 * deactivated vehicle or driver is left out, as the fleet lists leave them.
 * The fleet is a few hundred rows: read whole, as the drivers are.
 */
async function searchVehicles(db: Executor, m: Matcher): Promise<SearchGroup> {
  const key = plateKey(m.q);
  if (key === '') return { count: 0, hits: [] };
  const plate = sql`upper(translate(${vehicles.registration}, ' -', ''))`;
  const isOnShift = sql`${drivers.status} = 'active'`;
  const result = await db.execute(sql`
    select ${vehicles.id} as id, ${vehicles.registration} as title,
      concat_ws(' · ', ${vehicles.type}, ${vehicles.make} || ' ' || ${vehicles.model},
        case when ${vehicles.status} = 'in-service' then ${VEHICLE_STATUS_LABELS['in-service']}::text end,
        coalesce('Driven by ' || driven.names, 'No driver')) as subtitle,
      ${vehicles.registration} as matched,
      count(*) over () as total
    from ${vehicles}
    left join lateral (
      select string_agg(${drivers.firstName} || ' ' || ${drivers.lastName}
          || case when ${isOnShift} then ' (on shift)' else '' end, ', '
        order by ${isOnShift} desc, ${drivers.lastName}, ${drivers.firstName}) as names
      from ${drivers}
      where ${drivers.vehicleId} = ${vehicles.id} and ${drivers.deactivatedAt} is null
    ) driven on true
    where ${plate} like ${containsPattern(key)} and ${vehicles.status} <> 'inactive'
    order by ${plate} = ${key} desc, ${vehicles.registration}
    limit ${SEARCH_GROUP_LIMIT}`);
  return toGroup(rowsOf(result));
}

/**
 * Addresses that bookings went from or to, most used first: among the newest
 * SEARCH_COUNT_CAP bookings from and to a matching address (a landmark is one
 * booking's address in eight, and grouping them all read the table). Counts
 * are exact below the cap, and "at least" (1000+ bookings) when it was reached.
 */
async function searchLocations(db: Executor, m: Matcher): Promise<SearchGroup> {
  const newest = (column: typeof bookings.pickupLocation | typeof bookings.dropoffLocation) =>
    sql`select ${column} as address from ${bookings} where ${matchesFolded(column, m.pattern)}
      order by ${bookings.pickupTime} desc limit ${SEARCH_COUNT_CAP}`;
  const result = await db.execute(sql`
    with pickups as (${newest(bookings.pickupLocation)}),
    dropoffs as (${newest(bookings.dropoffLocation)}),
    -- One place whether or not its text ends in ', Australia' (the map
    -- suggestions' addresses do; typed and imported ones mostly do not).
    matches as (
      select regexp_replace(address, ',[[:space:]]*Australia[[:space:]]*$', '', 'i') as address
      from (select address from pickups union all select address from dropoffs) as found),
    capped as (select (select count(*) from pickups) >= ${SEARCH_COUNT_CAP}
      or (select count(*) from dropoffs) >= ${SEARCH_COUNT_CAP} as reached)
    select address as id, address as title,
      count(*) || (case when (select reached from capped) then '+' else '' end)
        || (case when count(*) = 1 and not (select reached from capped) then ' booking' else ' bookings' end)
        as subtitle,
      address as matched, count(*) over () as total
    from matches group by address
    order by count(*) desc, address
    limit ${SEARCH_GROUP_LIMIT}`);
  return toGroup(rowsOf(result));
}

/** One query over jobs, customers, drivers, vehicles and locations. */
export async function search(db: Executor, q: string, timeZone: string): Promise<SearchResponse> {
  const matcher = matcherOf(q, await hasTrigrams(db));
  const [jobs, customerGroup, driverGroup, vehicleGroup, locations] = await Promise.all([
    searchJobs(db, matcher, timeZone),
    searchCustomers(db, matcher),
    searchDrivers(db, matcher),
    searchVehicles(db, matcher),
    searchLocations(db, matcher),
  ]);
  return {
    q,
    groups: {
      jobs,
      customers: customerGroup,
      drivers: driverGroup,
      vehicles: vehicleGroup,
      locations,
    },
  };
}

/** Remembers a user's search (moving it to the top) and keeps their newest 10. */
export async function rememberSearch(db: Executor, userId: string, query: string): Promise<void> {
  await db
    .insert(recentSearches)
    .values({ userId, query })
    .onConflictDoUpdate({
      target: [recentSearches.userId, recentSearches.query],
      set: { searchedAt: sql`now()` },
    });
  await db.execute(sql`
    delete from ${recentSearches} where ${recentSearches.userId} = ${userId}
      and ${recentSearches.id} not in (
        select ${recentSearches.id} from ${recentSearches} where ${recentSearches.userId} = ${userId}
        order by ${recentSearches.searchedAt} desc, ${recentSearches.id} desc limit ${RECENT_SEARCHES_KEPT})`);
}

export async function listRecentSearches(db: Executor, userId: string): Promise<RecentSearch[]> {
  const rows = await db
    .select()
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
    .limit(RECENT_SEARCHES_KEPT);
  return rows.map((row) => ({
    id: row.id,
    query: row.query,
    searchedAt: row.searchedAt.toISOString(),
  }));
}

/** Removes one of the user's own recent searches; false when they have no such entry. */
export async function forgetSearch(db: Executor, userId: string, id: number): Promise<boolean> {
  const removed = await db
    .delete(recentSearches)
    .where(and(eq(recentSearches.id, id), eq(recentSearches.userId, userId)))
    .returning({ id: recentSearches.id });
  return removed.length > 0;
}
