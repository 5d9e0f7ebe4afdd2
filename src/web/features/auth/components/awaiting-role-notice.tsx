import { Alert } from '@mantine/core';
import { Clock } from 'lucide-react';
import { useMe } from '../api/get-me';

export const AWAITING_ROLE_TITLE = 'Your account is waiting for a role';

/**
 * A signed-in user with no role sees only the Calculator; this says why, so a
 * new sign-up does not think something is broken. While the business has no
 * administrator, nobody was told: it says so, and how the owner makes one.
 */
export function AwaitingRoleNotice() {
  const me = useMe();
  if (!me.data?.user || me.data.role !== null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title={AWAITING_ROLE_TITLE}
      icon={<Clock size={18} aria-hidden />}
      mb="md"
    >
      {me.data.hasAdmin === false
        ? 'This business has no administrator yet, so nobody can give your account a role. Its owner creates the first administrator with the setup link printed when the server starts; then an administrator can give you a role. Until then you can use the Calculator.'
        : 'An administrator needs to give your account a role before you can use more than the Calculator. We have let them know you are waiting; once they have, sign in again or reload this page.'}
    </Alert>
  );
}
