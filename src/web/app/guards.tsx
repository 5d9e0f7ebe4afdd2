import { useRef, type ReactNode } from 'react';
import { Alert, Button, Container } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DEFAULT_ACCESS_TABLE } from '../../domain/access';
import { PageLoader } from '../components/page-loader';
import { useStaffStyles } from './styles/use-staff-styles';
import { paths } from '../config/paths';
import { useMe } from '../features/auth/api/get-me';
import { useIsSessionEnded } from '../features/auth/api/session-ended';
import { SessionEndedNotice } from '../features/auth/components/session-ended-notice';
import { useSessionWatch } from '../features/auth/hooks/use-session-watch';
import type { UnauthorizedState } from '../features/auth/pages/unauthorized-page';
import type { SignInRedirectState } from '../features/auth/utils/redirect-after-sign-in';
import { errorMessage } from '../lib/api-client';
import { checkRouteAccess, routeArea } from '../lib/route-access';
import { usePublicSettings } from '../features/settings/api/get-public-settings';

/**
 * Lets a visitor into a protected path only with a session and a role the
 * access table lists for it. Public paths render at once, without waiting for
 * the session. Convenience only: the API checks every request itself.
 *
 * A staff page open when its session ends stays open under a notice, rather
 * than being swapped for the sign-in page: what was typed into it stays. A
 * page open when its role stops covering it says that the access changed.
 */
export function RequireAccess({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useMe();
  const isSessionEnded = useIsSessionEnded();
  useSessionWatch();
  // The protected page last let in with a session (not the driver app, which
  // says its own 'Signed out' and keeps its taps: decision 37).
  const openPage = useRef<string | null>(null);
  const settings = usePublicSettings();
  const content = children ?? <Outlet />;
  const isProtected = routeArea(location.pathname) !== null;
  const hasStyles = useStaffStyles(isProtected);

  if (!isProtected) return content;
  // Settings wait for their first answer only: a failed read is retried each
  // time a page using them mounts, and waiting again would unmount that page
  // and retry forever. Without settings the spec's default table applies.
  const settingsPending = settings.isPending && settings.errorUpdateCount === 0;
  if (!hasStyles) return <PageLoader />;
  // Offline, a query with nothing kept waits for the network rather than
  // failing (TanStack Query pauses it): say so, instead of spinning. It goes
  // on by itself when the connection is back.
  const isPaused = (query: { isPending: boolean; fetchStatus: string }) =>
    query.isPending && query.fetchStatus === 'paused';
  if (isPaused(me) || (settingsPending && isPaused(settings))) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" role="alert" title="No connection">
          This page needs a connection to check your sign-in. It opens by itself once you are back
          online.
        </Alert>
      </Container>
    );
  }
  if (me.isPending || settingsPending) return <PageLoader />;
  // A failed refresh keeps the known session (a driver's phone in a dead
  // zone, reopened from its kept copy); only a first check that failed stops here.
  if (me.isError && me.data === undefined) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="Could not check your sign-in">
          {errorMessage(me.error)}
          <Button
            display="block"
            mt="sm"
            variant="light"
            color="red"
            loading={me.isFetching}
            onClick={() => void me.refetch()}
          >
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }

  const viewer = { signedIn: me.data !== null, role: me.data?.role ?? null };
  // The admin may have edited the table; if the settings failed, the spec's default applies.
  const table = settings.data?.accessTable ?? DEFAULT_ACCESS_TABLE;
  const access = checkRouteAccess(location.pathname, viewer, table);
  const wasOpen = openPage.current === location.pathname;
  // One shape with or without the notice, so the page is not mounted afresh.
  const withNotice = (notice: ReactNode) => (
    <>
      {notice}
      {content}
    </>
  );
  switch (access) {
    case 'allowed':
      if (routeArea(location.pathname) !== 'driver') openPage.current = location.pathname;
      return withNotice(null);
    case 'sign-in': {
      if (isSessionEnded && wasOpen) return withNotice(<SessionEndedNotice />);
      const state: SignInRedirectState = { from: location };
      return <Navigate to={paths.login} state={state} replace />;
    }
    case 'unauthorized': {
      const state: UnauthorizedState = { isAccessChanged: wasOpen };
      return <Navigate to={paths.unauthorized} state={state} replace />;
    }
    default: {
      const unhandled: never = access;
      throw new Error(`Unhandled access result: ${String(unhandled)}`);
    }
  }
}
