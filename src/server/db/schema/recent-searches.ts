import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A signed-in user's last searches on /search (the newest 10 are kept). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('recent_searches_user_query_unique').on(table.userId, table.query),
    index('recent_searches_user_searched_at_idx').on(table.userId, table.searchedAt),
  ],
);
