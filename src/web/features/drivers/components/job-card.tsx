import { Badge, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import {
  earlyStepRefusal,
  noShowRefusal,
  noShowWaitMet,
} from '../../../../domain/bookings/driver-job-rules';
import type { DriverJob, DriverJobsResponse } from '../../../../domain/bookings/driver-jobs';
import { DRIVER_ACCEPTANCE_LABEL } from '../../../../domain/bookings/dispatch-flag';
import {
  farArrivalQuestion,
  farFromPickupMeters,
} from '../../../../domain/bookings/arrival-distance';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../../domain/bookings/status';
import { formatJobTime, jobDayLabel } from '../../../../domain/drivers/job-days';
import {
  NAVIGATION_APP_LABELS,
  NAVIGATION_APPS,
  navigationUrl,
  nextDriverStep,
  type NavigationApp,
} from '../../../../domain/drivers/navigation';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import { useTapQueue } from '../hooks/use-tap-queue';
import { statusWithWaitingTaps } from '../offline/tap-queue';
import { usePhonePositionNow } from '../hooks/location-sharing-context';
import { DeclineDialog, FarArrivalDialog, NoShowDialog } from './job-dialogs';
import { JobNotes } from './job-notes';
import { PassengerNeeds } from './passenger-needs';
import { SIDE_BY_SIDE } from '../utils/side-by-side';
import { RefusedTapAlert, tapLabel } from './refused-tap-alert';

const NAV_APP_KEY = 'driver.navigationApp';

function storedNavigationApp(): NavigationApp {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(NAV_APP_KEY);
  return NAVIGATION_APPS.includes(value as NavigationApp) ? (value as NavigationApp) : 'google';
}

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Settings → Dispatch's timings, from the jobs answer: the server holds a tap
 * to the same ones. A jobs answer kept offline from before the set-off window
 * was sent has none (undefined): earlyStepRefusal's default, the 2 hours of
 * then, stands in.
 */
export type JobTimings = Pick<DriverJobsResponse, 'noShowWaitMinutes' | 'setOffWindowMinutes'>;

/**
 * The row with the job's next step (Accept and Decline, or the status button
 * and why it waits), drawn the same on every card: edge to edge, with a line
 * above. On the job being worked it is pinned to the bottom of the screen
 * while the card is on it (decision 117): with the details, contacts and
 * Navigate above it, it sat below the fold of a 390 x 844 phone.
 */
const NEXT_STEP_BAR: CSSProperties = {
  marginInline: 'calc(var(--card-padding) * -1)',
  paddingInline: 'var(--card-padding)',
  paddingTop: 'var(--mantine-spacing-xs)',
  // Clear of an iPhone's home bar, where the page reaches it.
  paddingBottom: 'calc(var(--mantine-spacing-xs) + env(safe-area-inset-bottom, 0px))',
  borderTop: '1px solid var(--mantine-color-gray-3)',
  background: 'var(--mantine-color-body)',
};

const PINNED_NEXT_STEP_BAR: CSSProperties = {
  ...NEXT_STEP_BAR,
  position: 'sticky',
  bottom: 0,
  // Over the card's own inputs (the select's chevron) as they scroll under it.
  zIndex: 2,
};

function jobCardId(jobId: string): string {
  return `job-${jobId}`;
}

/**
 * Scrolls a listed job's card to the top of the screen and puts the focus on
 * it (the new-job alert's Show job): on a phone a new job may be screens
 * below the one in progress.
 */
export function showJobCard(jobId: string): void {
  const card = document.getElementById(jobCardId(jobId));
  card?.scrollIntoView({ block: 'start' });
  card?.focus({ preventScroll: true });
}

/**
 * One job on the driver's phone: details, Accept/Decline, the next status,
 * navigation and contact. `pinsNextStep`: the job being worked, whose next
 * step stays on screen while the card is. `holdNextStep`: why its step waits
 * a moment ('Job ABC123 completed.': the job before it just left, and its
 * step came to rest under the driver's thumb).
 */
export function JobCard({
  job,
  timeZone,
  noShowWaitMinutes,
  setOffWindowMinutes,
  pinsNextStep,
  holdNextStep = null,
}: {
  job: DriverJob;
  timeZone: string;
  pinsNextStep: boolean;
  holdNextStep?: string | null;
} & JobTimings) {
  const queue = useTapQueue();
  // Kept with each tap: if the job leaves the list, a refusal still says which job it was.
  const tapJob = { reference: job.reference, pickupLocation: job.pickupLocation };
  // Taps not yet sent count already: the phone shows the job as the driver left it.
  const waiting = queue.waiting.filter((tap) => tap.jobId === job.id);
  const refused = queue.refused.filter((tap) => tap.jobId === job.id);
  const status = statusWithWaitingTaps(job, waiting);
  const arrivedAt =
    job.arrivedAt ??
    waiting.find((tap) => tap.kind === 'status' && tap.status === 'arrived')?.occurredAt ??
    null;
  const isDeclineWaiting = waiting.some((tap) => tap.kind === 'decline');
  const [declining, setDeclining] = useState(false);
  const [askingNoShow, setAskingNoShow] = useState(false);
  // Metres from the pickup of an Arrived tapped far from it, while the phone asks.
  const [farArrival, setFarArrival] = useState<number | null>(null);
  const positionNow = usePhonePositionNow();
  const tapStep = (to: BookingStatus) =>
    void queue.tap({ kind: 'status', jobId: job.id, status: to, ...tapJob });
  const [navApp, setNavApp] = useState<NavigationApp>(storedNavigationApp);
  const now = useNow(1_000);
  const step = isDeclineWaiting ? null : nextDriverStep(status);
  const isAccepted =
    status === 'assigned' &&
    (Boolean(job.acknowledgedAt) || waiting.some((tap) => tap.kind === 'acknowledge'));
  const needsAccept = status === 'assigned' && !isAccepted && !isDeclineWaiting;
  const headingToPickup = status === 'assigned' || status === 'en-route' || status === 'arrived';
  const target = headingToPickup
    ? { address: job.pickupLocation, lat: job.pickupLat, lng: job.pickupLng }
    : { address: job.dropoffLocation, lat: job.dropoffLat, lng: job.dropoffLng };
  const pickupTime = new Date(job.pickupTime);
  // The server's rules, on the phone's clock: the button waits rather than a tap being refused.
  const tooEarly = step
    ? earlyStepRefusal({ pickupTime }, step.status, now, timeZone, setOffWindowMinutes)
    : null;
  const noShowJob = { arrivedAt: arrivedAt ? new Date(arrivedAt) : null, pickupTime };
  const noShowWait = status === 'arrived' ? noShowRefusal(noShowJob, now, noShowWaitMinutes) : null;
  const canMarkNoShow = status === 'arrived' && noShowWait === null;

  function chooseNavApp(value: string) {
    setNavApp(value as NavigationApp);
    localStorage.setItem(NAV_APP_KEY, value);
  }

  return (
    <Card
      withBorder
      padding="md"
      aria-label={`Job ${job.reference}`}
      id={jobCardId(job.id)}
      tabIndex={-1}
      style={{
        // Shown by showJobCard: clear of the app's fixed header and the driver's notices under it.
        scrollMarginTop:
          'calc(var(--app-shell-header-offset, 0px) + var(--driver-notices-height, 0px) + var(--mantine-spacing-sm))',
        // A card clips what overflows it, which would hold the pinned bar in place.
        ...(pinsNextStep ? { overflow: 'visible' } : {}),
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={600}>
              {jobDayLabel(new Date(job.pickupTime), now, timeZone)}
            </Text>
            <Text fw={700} size="xl">
              {formatJobTime(job.pickupTime, timeZone)}
            </Text>
          </div>
          <Badge size="lg" style={{ flexShrink: 0 }}>
            {/* Accepted, the driver sees it: the board says so too (decision 193). */}
            {isAccepted ? DRIVER_ACCEPTANCE_LABEL.accepted : BOOKING_STATUS_LABELS[status]}
          </Badge>
        </Group>
        {/* What was typed for the trip: a long unbroken word (a pasted link, a name
            without spaces) wraps rather than running off a 360 px screen. Only here:
            on the buttons it would let their labels shrink and be cut. */}
        <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text>
            <b>Pickup:</b> {job.pickupLocation}
          </Text>
          <Text>
            <b>Dropoff:</b> {job.dropoffLocation}
          </Text>
          <Text>
            <b>Passenger:</b> {job.passengerName} · {formatAud(dollarsToCents(job.fareAmount))}
          </Text>
          <PassengerNeeds job={job} />
          {job.notes ? <JobNotes notes={job.notes} /> : null}
        </Stack>
        {job.phone ? (
          <Group grow>
            <Button
              component="a"
              href={`tel:${job.phone}`}
              variant="default"
              size="lg"
              {...SIDE_BY_SIDE}
            >
              Call
            </Button>
            <Button
              component="a"
              href={`sms:${job.phone}`}
              variant="default"
              size="lg"
              {...SIDE_BY_SIDE}
            >
              Message
            </Button>
          </Group>
        ) : null}
        <NativeSelect
          size="lg"
          label="Navigation app"
          value={navApp}
          onChange={(event) => chooseNavApp(event.currentTarget.value)}
          data={NAVIGATION_APPS.map((app) => ({ value: app, label: NAVIGATION_APP_LABELS[app] }))}
        />
        <Button
          component="a"
          href={navigationUrl(navApp, target)}
          target="_blank"
          rel="noreferrer"
          variant="light"
          size="lg"
        >
          Navigate to {headingToPickup ? 'pickup' : 'dropoff'}
        </Button>
        {needsAccept || step ? (
          <Stack
            gap="xs"
            role="group"
            aria-label="Next step"
            style={pinsNextStep ? PINNED_NEXT_STEP_BAR : NEXT_STEP_BAR}
          >
            {/* Above the button: the bar grows upwards, the button stays where it is. */}
            {holdNextStep ? (
              <Text size="sm" fw={600} c="green.9">
                {holdNextStep}
              </Text>
            ) : null}
            {needsAccept ? (
              <Group grow>
                <Button
                  size="xl"
                  color="green"
                  {...SIDE_BY_SIDE}
                  disabled={holdNextStep !== null}
                  onClick={() => void queue.tap({ kind: 'acknowledge', jobId: job.id, ...tapJob })}
                >
                  Accept
                </Button>
                <Button
                  size="xl"
                  color="red"
                  variant="outline"
                  {...SIDE_BY_SIDE}
                  disabled={holdNextStep !== null}
                  onClick={() => setDeclining(true)}
                >
                  Decline
                </Button>
              </Group>
            ) : step ? (
              <Button
                size="xl"
                fullWidth
                disabled={tooEarly !== null || holdNextStep !== null}
                onClick={() => {
                  const far =
                    step.status === 'arrived'
                      ? farFromPickupMeters(
                          { lat: job.pickupLat, lng: job.pickupLng },
                          positionNow(),
                          Date.now(),
                        )
                      : null;
                  if (far === null) tapStep(step.status);
                  else setFarArrival(far);
                }}
              >
                {step.label}
              </Button>
            ) : null}
            {tooEarly && !needsAccept ? <Text size="sm">{tooEarly}</Text> : null}
          </Stack>
        ) : null}
        {status === 'arrived' ? (
          <Button
            size="lg"
            color="red"
            variant="outline"
            disabled={noShowWait !== null}
            onClick={() => setAskingNoShow(true)}
          >
            No-show
          </Button>
        ) : null}
        {noShowWait ? <Text size="sm">{noShowWait}</Text> : null}
        {/* Below the buttons: a tap's row comes and goes as it is sent, and above
            them it moved the next button under the driver's thumb as it went. */}
        {waiting.map((tap) => (
          <Group key={tap.key} gap="xs" wrap="nowrap">
            <Badge color="yellow.4" c="dark.9" size="lg" tt="none" style={{ flexShrink: 0 }}>
              waiting to send
            </Badge>
            <Text size="sm">{tapLabel(tap)}</Text>
          </Group>
        ))}
        {refused.map((tap) => (
          <RefusedTapAlert key={tap.key} tap={tap} onDismiss={() => void queue.dismiss(tap.key)} />
        ))}
        <Text size="sm" c="gray.7">
          {job.reference}
        </Text>
      </Stack>
      <DeclineDialog
        job={job}
        timeZone={timeZone}
        opened={declining}
        onClose={() => setDeclining(false)}
        onDecline={(reason) => {
          setDeclining(false);
          void queue.tap({ kind: 'decline', jobId: job.id, reason, ...tapJob });
        }}
      />
      <FarArrivalDialog
        job={job}
        timeZone={timeZone}
        question={farArrival === null ? '' : farArrivalQuestion(farArrival)}
        // Closed, not confirmed, if the job moved on meanwhile (another tap, dispatch).
        opened={farArrival !== null && status === 'en-route'}
        onClose={() => setFarArrival(null)}
        onConfirm={() => {
          setFarArrival(null);
          tapStep('arrived');
        }}
      />
      <NoShowDialog
        job={job}
        timeZone={timeZone}
        waitMet={noShowWaitMet(noShowJob, now, timeZone)}
        // Closed, not confirmed, if the job moved on meanwhile (another tap, dispatch).
        opened={askingNoShow && canMarkNoShow}
        onClose={() => setAskingNoShow(false)}
        onConfirm={() => {
          setAskingNoShow(false);
          // Queued like any tap: offline it waits, and the server holds it to the same wait.
          void queue.tap({ kind: 'status', jobId: job.id, status: 'no-show', ...tapJob });
        }}
      />
    </Card>
  );
}
