import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Corporate accounts (Account Code in the dispatcher frame) that bookings can carry. */
export const corporateAccounts = pgTable('corporate_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique('corporate_accounts_code_unique'),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
