import type { CSSProperties } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import type { SignInRedirectState } from '../utils/redirect-after-sign-in';

export const SESSION_ENDED_TITLE = 'You are signed out';

// Under the header however far the page has scrolled: a board scrolled down
// to a booking must still say that it stopped.
const PINNED: CSSProperties = {
  position: 'sticky',
  top: 'var(--app-shell-header-offset, 0px)',
  zIndex: 3,
};

/**
 * Shown over a staff page kept open after its session ended (signed out in
 * another tab, expired, disabled): the page stays as it was, with what was
 * typed into it, but it no longer updates or saves. Signing in comes back here.
 */
export function SessionEndedNotice() {
  const { pathname, search, hash } = useLocation();
  const state: SignInRedirectState = { from: { pathname, search, hash } };
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      title={SESSION_ENDED_TITLE}
      mb="md"
      style={PINNED}
    >
      <Text size="sm">
        Your session has ended, so this page has stopped updating and cannot save changes. What you
        typed stays here until you leave the page. Sign in again to carry on.
      </Text>
      <Button
        component={Link}
        to={paths.login}
        state={state}
        leftSection={<LogIn size={16} aria-hidden />}
        variant="white"
        color="red"
        size="sm"
        mt="xs"
      >
        Sign in again
      </Button>
    </Alert>
  );
}
