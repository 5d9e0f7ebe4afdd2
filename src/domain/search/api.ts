import { z } from 'zod';
import { SEARCH_TEXT_MAX, text } from '../api/text';

export const SEARCH_KINDS = ['jobs', 'customers', 'drivers', 'vehicles', 'locations'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABEL: Record<SearchKind, string> = {
  jobs: 'Jobs',
  customers: 'Customers',
  drivers: 'Drivers',
  vehicles: 'Vehicles',
  locations: 'Locations',
};
/** Each group shows its best matches; its count says how many there are in all. */
export const SEARCH_GROUP_LIMIT = 10;
export const RECENT_SEARCHES_KEPT = 10;
/** Job and customer counts stop here (shown as '1000+'): counting every match of a common name reads the table. */
export const SEARCH_COUNT_CAP = 1000;

export const SearchQuerySchema = z.object({ q: text().trim().min(1).max(SEARCH_TEXT_MAX) });

export const SearchHitSchema = z.object({
  /** A booking, customer, driver or vehicle id; for a location, the address itself. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The text that matched, for highlighting. */
  matched: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchGroupSchema = z.object({ count: z.number(), hits: z.array(SearchHitSchema) });
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const SearchResponseSchema = z.object({
  q: z.string(),
  groups: z.object(
    Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, SearchGroupSchema])) as Record<
      SearchKind,
      typeof SearchGroupSchema
    >,
  ),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const RecentSearchSchema = z.object({
  id: z.number(),
  query: z.string(),
  searchedAt: z.string(),
});
export type RecentSearch = z.infer<typeof RecentSearchSchema>;
export const RecentSearchesResponseSchema = z.object({ searches: z.array(RecentSearchSchema) });
