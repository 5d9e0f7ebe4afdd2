import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { jobsComingUp } from '../../../../domain/bookings/driver-job-rules';
import { BOOKING_STATUS_LABELS } from '../../../../domain/bookings/status';
import { formatJobDayTime, formatJobTime } from '../../../../domain/drivers/job-days';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useMe } from '../../auth/api/get-me';
import { useNearestLocality } from '../../maps/api/get-nearest-locality';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useEndShift } from '../api/end-shift';
import { useDriverHome } from '../api/get-driver-home';
import { useDriverJobs } from '../api/get-driver-jobs';
import { ScheduleSheet } from '../components/schedule-sheet';
import { FigureCards } from '../components/figure-cards';
import { EndShiftDialog } from '../components/job-dialogs';
import { StartShiftSheet } from '../components/start-shift-sheet';
import { SUSPENSION_ALERT_ID, SuspensionAlert } from '../components/suspension-alert';
import { useLocationSharing } from '../hooks/location-sharing-context';
import { jobsAsTapped, useTapQueue } from '../hooks/use-tap-queue';
import type { LocationSharing } from '../hooks/use-share-location';

function locationText(
  sharing: LocationSharing,
  location: { updatedAt: string } | null,
  onShift: boolean,
): string {
  const sentAgo = location
    ? formatDistanceToNow(new Date(location.updatedAt), { addSuffix: true })
    : null;
  if (sharing.state === 'denied') {
    // The position above is the last one sent, not where the phone is now.
    const seen = sentAgo
      ? `dispatch sees only the last position you sent, ${sentAgo}`
      : 'dispatch sees you on shift without a position';
    return `Location permission is denied: ${seen}. Allow location for this site in your browser settings.`;
  }
  if (sharing.state === 'unavailable') return sharing.message;
  if (sharing.state === 'waiting') return 'Finding your position…';
  if (!sentAgo)
    return onShift ? 'No position sent yet.' : 'Start your shift to share your location.';
  return `Last sent ${sentAgo}.`;
}

/**
 * What was typed for the trip (a pasted link, a name without spaces) wraps
 * rather than running out of the card on a phone, as on the job card.
 */
const TYPED_TEXT = { overflowWrap: 'anywhere' } as const;

/** /driver: the driver's home (spec 2.18): the day's figures, the shift and where the phone is. */
export function DriverHomePage() {
  const me = useMe();
  const home = useDriverHome();
  const jobs = useDriverJobs();
  const queue = useTapQueue();
  const endShift = useEndShift();
  const [startOpen, setStartOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [isConfirmingEnd, setConfirmingEnd] = useState(false);
  const onShift = Boolean(home.data?.shift);
  // Shared by the driver layout for as long as the shift is open, on every driver screen.
  const sharing = useLocationSharing();
  const timeZone = useBusinessTimeZone();
  const locality = useNearestLocality(home.data?.driver.location ?? null);

  if (home.isPending) return <Loader />;
  if (home.isError && !home.data) {
    return (
      <Stack>
        <PageTitle>Driver App</PageTitle>
        <Alert color="red">{errorMessage(home.error)}</Alert>
      </Stack>
    );
  }
  const { driver, today, nextBooking, shift } = home.data;
  const isSuspended = driver.status === 'suspended';
  // The Next Booking is the next job not yet started; one already started shows above it.
  const tapped = jobs.data ? jobsAsTapped(jobs.data, queue.waiting) : null;
  const inProgress = tapped?.inProgress ?? [];
  const started = inProgress[0];
  // End Shift names these before it ends (they stay the driver's).
  const comingUp = tapped ? jobsComingUp(tapped.upcoming, new Date()) : [];
  const asksBeforeEnd = inProgress.length > 0 || comingUp.length > 0;
  const next = nextBooking;
  // Dispatch waits for the driver's Accept (it may reassign a job left unaccepted).
  const nextJob = tapped?.upcoming.find((job) => job.id === next?.id);
  const awaitsAccept =
    nextJob !== undefined &&
    !nextJob.acknowledgedAt &&
    !queue.waiting.some((tap) => tap.kind === 'acknowledge' && tap.jobId === nextJob.id);

  return (
    <Stack maw={480} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <PageTitle>Driver App</PageTitle>
          <Text>Welcome back</Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {me.data?.user.email}
          </Text>
        </div>
        <Badge
          size="lg"
          color={onShift ? 'green' : 'gray'}
          variant="filled"
          style={{ flexShrink: 0 }}
        >
          {onShift ? 'Online' : 'Offline'}
        </Badge>
      </Group>

      {isSuspended ? (
        <SuspensionAlert isFinishingRide={inProgress.some((job) => job.status === 'on-board')} />
      ) : null}

      {/* The kept copy, or the last answer, while the server cannot be reached
          (reopened in a dead zone): the shift, figures and next booking are as
          of then, as My Jobs says of its jobs. */}
      {home.isError ? (
        <Alert color="yellow" title="No connection">
          Showing your shift and today&apos;s figures as of{' '}
          {formatJobTime(new Date(home.dataUpdatedAt).toISOString(), timeZone)}.
        </Alert>
      ) : null}

      <FigureCards
        figures={[
          { label: "Today's Earnings", value: formatAud(dollarsToCents(today.earnings)) },
          {
            label: 'Rating',
            value: driver.rating === null ? '–' : `${driver.rating.toFixed(1)} / 5`,
          },
          { label: 'Trips', value: today.trips },
        ]}
      />

      <Card withBorder>
        <Title order={2} size="h4">
          Current Location
        </Title>
        {locality ? <Text>Near {locality}</Text> : null}
        {driver.location ? (
          <Text size={locality ? 'xs' : 'md'} c={locality ? 'dimmed' : undefined}>
            {driver.location.lat.toFixed(5)}, {driver.location.lng.toFixed(5)}
          </Text>
        ) : null}
        <Text size="sm">{locationText(sharing, driver.location, onShift)}</Text>
        {shift?.vehicle ? (
          <Text size="sm">
            On shift in {shift.vehicle.registration} ({shift.vehicle.make} {shift.vehicle.model})
          </Text>
        ) : null}
      </Card>

      {started ? (
        <Card withBorder component="section" aria-labelledby="job-in-progress-title">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id="job-in-progress-title">
              {inProgress.length === 1
                ? 'Job in Progress'
                : `${inProgress.length} Jobs in Progress`}
            </Title>
            <Badge size="lg" style={{ flexShrink: 0 }}>
              {BOOKING_STATUS_LABELS[started.status]}
            </Badge>
          </Group>
          <Stack gap={2} style={TYPED_TEXT}>
            <Text fw={700}>{formatJobDayTime(started.pickupTime, new Date(), timeZone)}</Text>
            <Text>Pickup: {started.pickupLocation}</Text>
            <Text>Dropoff: {started.dropoffLocation}</Text>
            <Text>Passenger: {started.passengerName}</Text>
          </Stack>
          <Button component={Link} to={paths.driverJobs} size="lg" mt="sm">
            Open My Jobs
          </Button>
        </Card>
      ) : null}

      <Card withBorder>
        <Title order={2} size="h4">
          Next Booking
        </Title>
        {next ? (
          <Stack gap={2} style={TYPED_TEXT}>
            <Text fw={700}>{formatJobDayTime(next.pickupTime, new Date(), timeZone)}</Text>
            <Text>Pickup: {next.pickupLocation}</Text>
            <Text>Dropoff: {next.dropoffLocation}</Text>
            <Text>Passenger: {next.passengerName}</Text>
            <Text>Fare: {formatAud(dollarsToCents(next.fareAmount))}</Text>
            {awaitsAccept ? (
              <>
                <Text fw={700} c="orange.9" mt="xs">
                  Not accepted yet: dispatch is waiting for your Accept.
                </Text>
                <Button component={Link} to={paths.driverJobs} size="lg" mt="xs">
                  Accept in My Jobs
                </Button>
              </>
            ) : null}
          </Stack>
        ) : (
          <Text>No upcoming booking.</Text>
        )}
      </Card>

      {endShift.isError ? <Alert color="red">{errorMessage(endShift.error)}</Alert> : null}
      <SimpleGrid cols={1} spacing="xs">
        {onShift ? (
          <Button
            size="lg"
            color="red"
            // Asked first during a job or before one (a slip would hide the car from dispatch).
            onClick={() => (asksBeforeEnd ? setConfirmingEnd(true) : endShift.mutate())}
            loading={endShift.isPending}
          >
            End Shift
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={() => setStartOpen(true)}
            // The alert above says why: refused anyway, the tap would only ask first.
            disabled={isSuspended}
            aria-describedby={isSuspended ? SUSPENSION_ALERT_ID : undefined}
          >
            Start Shift
          </Button>
        )}
        <Button size="lg" variant="default" onClick={() => setScheduleOpen(true)}>
          View Schedule
        </Button>
      </SimpleGrid>

      {startOpen ? (
        <StartShiftSheet
          opened
          onClose={() => setStartOpen(false)}
          vehicles={home.data.vehicles}
          defaultVehicleId={home.data.defaultVehicleId}
        />
      ) : null}
      {asksBeforeEnd ? (
        <EndShiftDialog
          inProgress={inProgress}
          comingUp={comingUp}
          timeZone={timeZone}
          // Closed, not asked, once the shift has ended meanwhile (dispatch).
          opened={isConfirmingEnd && onShift}
          onClose={() => setConfirmingEnd(false)}
          onConfirm={() => {
            setConfirmingEnd(false);
            endShift.mutate();
          }}
        />
      ) : null}
      <ScheduleSheet
        opened={scheduleOpen}
        onClose={() => setScheduleOpen(false)}
        timeZone={timeZone}
      />
    </Stack>
  );
}
