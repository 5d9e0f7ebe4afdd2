import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { jobsOfAnswer } from '../../../../domain/bookings/driver-job-rules';
import { formatJobDayTime } from '../../../../domain/drivers/job-days';
import { paths } from '../../../config/paths';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverHome } from '../api/get-driver-home';
import { useDriverJobs } from '../api/get-driver-jobs';
import { DriverAlert } from '../components/driver-alert';
import { showJobCard } from '../components/job-card';
import { LocationSharingContext } from '../hooks/location-sharing-context';
import { useDispatchChangeAlerts } from '../hooks/use-dispatch-change-alerts';
import { useDriverLiveJobs } from '../hooks/use-driver-live-jobs';
import { useDriverOfflineApp } from '../hooks/use-driver-offline-app';
import { useNewJobAlert } from '../hooks/use-new-job-alert';
import { sharingKeyOf, useShareLocation } from '../hooks/use-share-location';
import { useTapQueue } from '../hooks/use-tap-queue';
import { SIDE_BY_SIDE } from '../utils/side-by-side';

/**
 * The notices stay at the top of the screen, under the header, however far
 * the driver has scrolled; at most half the screen high (scrolling within),
 * so the pinned step bar at the bottom stays clear. Opaque: the page scrolls
 * under them. At most MAX_NOTICES_SHOWN of dispatch's notices are shown.
 */
const NOTICES_REGION: CSSProperties = {
  position: 'sticky',
  top: 'var(--app-shell-header-offset, 0px)',
  zIndex: 3,
  maxHeight: '50dvh',
  overflowY: 'auto',
  paddingBlock: 'var(--mantine-spacing-xs)',
  background: 'var(--mantine-color-gray-0)',
};

/**
 * Dispatch's notices shown at once, newest first; the rest fold behind one
 * 'Show N more' button, beside 'Dismiss all'. Pinned, each notice covers the
 * page the driver works in: two say there is news, and one tap clears them.
 */
export const MAX_NOTICES_SHOWN = 2;

/**
 * Publishes the notices' height as --driver-notices-height, for a card
 * scrolled to the top (Show job) to stop below them rather than under them.
 */
function useNoticesHeight() {
  return useCallback((element: HTMLDivElement | null) => {
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--driver-notices-height', `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--driver-notices-height');
    };
  }, []);
}

/**
 * Wraps every /driver screen, so what runs for the whole shift does not stop
 * when the driver changes screen: the phone's position is shared while the
 * shift is open, a newly assigned job is announced, taps keep being sent, and
 * the last answers are kept for reopening offline.
 */
export function DriverLayout() {
  const home = useDriverHome();
  const jobs = useDriverJobs();
  const queue = useTapQueue();
  const { pathname } = useLocation();
  const timeZone = useBusinessTimeZone();
  useDriverOfflineApp();

  const listedJobs = useMemo(() => (jobs.data ? jobsOfAnswer(jobs.data) : null), [jobs.data]);
  // Keyed on the shift: a new shift starts sharing afresh; End Shift stops it,
  // unless a passenger is aboard (then the ride's end does).
  const location = useShareLocation(sharingKeyOf(home.data?.shift?.id ?? null, listedJobs));
  // Accepted or declined on this phone, the tap maybe still waiting for a connection.
  const answeredJobIds = new Set(
    queue.waiting
      .filter((tap) => tap.kind === 'acknowledge' || tap.kind === 'decline')
      .map((tap) => tap.jobId),
  );
  const driverId = home.data?.driver.id ?? null;
  const alert = useNewJobAlert(driverId, listedJobs, answeredJobIds);
  const assigned = alert.assigned;
  // Compared from the first list read while the app runs, never a kept copy.
  const changes = useDispatchChangeAlerts(
    driverId,
    jobs.isFetchedAfterMount ? listedJobs : null,
    queue.waiting,
    timeZone,
  );
  useDriverLiveJobs((booking, actor) => {
    changes.onBooking(booking, actor);
    alert.onBooking(booking);
  });
  const notices = useNoticesHeight();
  const [isUnfolded, setUnfolded] = useState(false);
  // Unfolded once: notices arriving after the fold is gone fold again.
  const isFoldGone = changes.notices.length <= MAX_NOTICES_SHOWN;
  useEffect(() => {
    if (isFoldGone) setUnfolded(false);
  }, [isFoldGone]);
  const folded = isUnfolded ? 0 : Math.max(0, changes.notices.length - MAX_NOTICES_SHOWN);
  const shownNotices = changes.notices.slice(0, changes.notices.length - folded);

  const hasNotices = queue.isSignInNeeded || assigned !== null || changes.notices.length > 0;
  return (
    <LocationSharingContext.Provider value={location}>
      {hasNotices ? (
        <Box
          ref={notices}
          maw={480}
          mx="auto"
          w="100%"
          mb="md"
          component="section"
          aria-label="Notices"
          style={NOTICES_REGION}
        >
          {/* Not the scrolling box itself: a flex column that scrolls squeezes its alerts. */}
          <Stack gap="xs">
            {queue.isSignInNeeded ? (
              <DriverAlert color="red" role="alert" title="Signed out">
                <Text size="sm">
                  Your session has ended, so your taps are waiting on this phone. Sign in again to
                  send them.
                </Text>
                <Button
                  component={Link}
                  to={paths.login}
                  state={{ from: { pathname } }}
                  size="lg"
                  mt="xs"
                  color="red"
                >
                  Sign in again
                </Button>
              </DriverAlert>
            ) : null}
            {assigned ? (
              <DriverAlert
                color="blue"
                title="New job assigned"
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={alert.dismiss}
                role="alert"
              >
                <Text size="sm">
                  {formatJobDayTime(assigned.pickupTime, new Date(), timeZone)} ·{' '}
                  {assigned.pickupLocation} → {assigned.dropoffLocation}
                </Text>
                {pathname === paths.driverJobs ? (
                  // Listed once the jobs are read again; the card may be far below.
                  listedJobs?.some((job) => job.id === assigned.id) ? (
                    <Button onClick={() => showJobCard(assigned.id)} size="lg" mt="xs">
                      Show job
                    </Button>
                  ) : null
                ) : (
                  <Button
                    component={Link}
                    to={paths.driverJobs}
                    onClick={alert.dismiss}
                    size="lg"
                    mt="xs"
                  >
                    Open My Jobs
                  </Button>
                )}
              </DriverAlert>
            ) : null}
            {shownNotices.map((notice) => (
              <DriverAlert
                key={notice.key}
                color={notice.kind === 'changed' ? 'orange' : 'red'}
                title={notice.title}
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => changes.dismiss(notice.key)}
                role="alert"
              >
                <Text size="sm">{notice.text}</Text>
              </DriverAlert>
            ))}
            {changes.notices.length > 1 ? (
              <Group grow gap="xs">
                {folded > 0 ? (
                  <Button
                    variant="light"
                    size="lg"
                    {...SIDE_BY_SIDE}
                    onClick={() => setUnfolded(true)}
                  >
                    Show {folded} more
                  </Button>
                ) : null}
                <Button
                  variant="default"
                  size="lg"
                  {...SIDE_BY_SIDE}
                  onClick={() => {
                    changes.dismissAll();
                    alert.dismiss();
                    setUnfolded(false);
                  }}
                >
                  Dismiss all
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Box>
      ) : null}
      <Outlet />
    </LocationSharingContext.Provider>
  );
}
