import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/** The spec's user_profiles: the role of a user, by user id. No row or null role: no role. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role'),
    /** Stamped at each sign-in (sessions are deleted on sign-out and disable, so they cannot say). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'user_profiles_role_check',
      sql`${table.role} is null or ${table.role} in ('admin', 'operator', 'dispatcher', 'driver')`,
    ),
  ],
);
