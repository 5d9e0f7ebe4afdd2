import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { drivers } from '../../db/schema';

/**
 * The driver row linked to a user, or null: whose bookings a signed-in driver
 * sees and whose events their live stream carries.
 */
export async function driverIdOfUser(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.userId, userId))
    .limit(1);
  return row?.id ?? null;
}
