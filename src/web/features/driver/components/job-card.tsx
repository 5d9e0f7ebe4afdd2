import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { noShowRefusal } from '../../../../domain/bookings/driver-jobs';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { formatJobTime } from '../../../../domain/drivers/job-days';
import {
  NAVIGATION_APP_LABELS,
  NAVIGATION_APPS,
  navigationUrl,
  nextDriverStep,
  type NavigationApp,
} from '../../../../domain/drivers/navigation';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import { errorMessage } from '../../../lib/api-client';
import { useAcknowledgeJob } from '../api/acknowledge-job';
import { useDeclineJob } from '../api/decline-job';
import { useProgressJob } from '../api/progress-job';

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

/** One job on the driver's phone: details, Accept/Decline, the next status, navigation and contact. */
export function JobCard({
  job,
  timeZone,
  noShowWaitMinutes,
}: {
  job: DriverJob;
  timeZone: string;
  noShowWaitMinutes: number;
}) {
  const acknowledge = useAcknowledgeJob();
  const decline = useDeclineJob();
  const progress = useProgressJob();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [navApp, setNavApp] = useState<NavigationApp>(storedNavigationApp);
  const now = useNow(1_000);
  const step = nextDriverStep(job.status);
  const needsAccept = job.status === 'assigned' && !job.acknowledgedAt;
  const headingToPickup =
    job.status === 'assigned' || job.status === 'en-route' || job.status === 'arrived';
  const target = headingToPickup
    ? { address: job.pickupLocation, lat: job.pickupLat, lng: job.pickupLng }
    : { address: job.dropoffLocation, lat: job.dropoffLat, lng: job.dropoffLng };
  const noShowWait =
    job.status === 'arrived'
      ? noShowRefusal(job.arrivedAt ? new Date(job.arrivedAt) : null, now, noShowWaitMinutes)
      : null;
  const error = acknowledge.error ?? decline.error ?? progress.error;

  function chooseNavApp(value: string) {
    setNavApp(value as NavigationApp);
    localStorage.setItem(NAV_APP_KEY, value);
  }

  return (
    <Card withBorder padding="md" aria-label={`Job ${job.reference}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="xl">
            {formatJobTime(job.pickupTime, timeZone)}
          </Text>
          <Badge size="lg">{job.status}</Badge>
        </Group>
        <Text>
          <b>Pickup:</b> {job.pickupLocation}
        </Text>
        <Text>
          <b>Dropoff:</b> {job.dropoffLocation}
        </Text>
        <Text>
          <b>Passenger:</b> {job.passengerName} · {job.numPassengers} pax · {job.numSuitcases} bags
          · {formatAud(dollarsToCents(job.fareAmount))}
        </Text>
        {job.notes ? (
          <Text fw={600} c="orange.9">
            Notes: {job.notes}
          </Text>
        ) : null}
        {job.phone ? (
          <Group grow>
            <Button component="a" href={`tel:${job.phone}`} variant="default" size="md">
              Call
            </Button>
            <Button component="a" href={`sms:${job.phone}`} variant="default" size="md">
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
        {error ? (
          <Text c="red.8" role="alert">
            {errorMessage(error)}
          </Text>
        ) : null}
        {needsAccept ? (
          <Group grow>
            <Button
              size="xl"
              color="green"
              onClick={() => acknowledge.mutate(job.id)}
              loading={acknowledge.isPending}
            >
              Accept
            </Button>
            <Button size="xl" color="red" variant="outline" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          </Group>
        ) : step ? (
          <Button
            size="xl"
            fullWidth
            onClick={() => progress.mutate({ id: job.id, status: step.status })}
            loading={progress.isPending}
          >
            {step.label}
          </Button>
        ) : null}
        {job.status === 'arrived' ? (
          <Button
            size="lg"
            color="red"
            variant="outline"
            disabled={noShowWait !== null}
            onClick={() => progress.mutate({ id: job.id, status: 'no-show' })}
          >
            No-show
          </Button>
        ) : null}
        {noShowWait ? <Text size="sm">{noShowWait}</Text> : null}
        <Anchor size="sm" c="dimmed">
          {job.reference}
        </Anchor>
      </Stack>
      <Modal opened={declining} onClose={() => setDeclining(false)} title="Decline this job">
        <Stack>
          <TextInput
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            size="md"
            data-autofocus
          />
          <Button
            size="lg"
            color="red"
            disabled={!reason.trim()}
            loading={decline.isPending}
            onClick={() =>
              decline.mutate(
                { id: job.id, reason: reason.trim() },
                { onSuccess: () => setDeclining(false) },
              )
            }
          >
            Decline
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
