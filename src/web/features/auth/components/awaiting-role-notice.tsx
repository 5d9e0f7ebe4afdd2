import { Alert } from '@mantine/core';
import { Clock } from 'lucide-react';
import { useMe } from '../api/get-me';

export const AWAITING_ROLE_TITLE = 'Your account is waiting for a role';

/**
 * A signed-in user with no role sees only the Calculator; this says why, so a
 * new sign-up does not think something is broken.
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
      An administrator needs to give your account a role before you can use more than the
      Calculator. We have let them know you are waiting; once they have, sign in again or reload
      this page.
    </Alert>
  );
}
