import { sql } from 'drizzle-orm';
import type { DriverAccountState } from '../../../domain/drivers';
import { accounts, drivers, userProfiles, users } from '../../db/schema';

// Whether a driver's account is in use or still only invited. An invited
// user has a password nobody knows (users/invite-user.ts): the invitation is
// accepted when they choose their own (the credential account is updated) or
// sign in (the profile's lastSignInAt).

/** Roster columns: whether the driver's user accepted, and when it was made. */
export const driverAccountColumns = {
  accountAccepted: sql<boolean | null>`(
    select coalesce(p.last_sign_in_at is not null, false) or exists (
      select 1 from ${accounts} a
      where a.user_id = ${drivers.userId} and a.provider_id = 'credential'
        and a.updated_at > a.created_at
    )
    from ${users} u left join ${userProfiles} p on p.user_id = u.id
    where u.id = ${drivers.userId}
  )`,
  accountCreatedAt: sql<Date | string | null>`(
    select u.created_at from ${users} u where u.id = ${drivers.userId}
  )`,
};

export function driverAccount(row: {
  userId: string | null;
  accountAccepted: boolean | null;
  accountCreatedAt: Date | string | null;
}): { accountState: DriverAccountState; invitedAt: string | null } {
  if (row.userId === null) return { accountState: 'none', invitedAt: null };
  if (row.accountAccepted) return { accountState: 'linked', invitedAt: null };
  const created = row.accountCreatedAt === null ? null : new Date(row.accountCreatedAt);
  return { accountState: 'invited', invitedAt: created?.toISOString() ?? null };
}
