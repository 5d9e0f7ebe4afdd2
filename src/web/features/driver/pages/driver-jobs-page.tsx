import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { formatJobTime } from '../../../../domain/drivers/job-days';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { usePublicSettings } from '../../../shared/settings/api/get-public-settings';
import { useDriverJobs } from '../api/get-driver-jobs';
import { JobCard } from '../components/job-card';
import { useDriverLiveJobs } from '../hooks/use-driver-live-jobs';
import { useDriverOfflineApp } from '../hooks/use-driver-offline-app';

const DEFAULT_TIME_ZONE = 'Australia/Perth';

/** /driver/jobs: the job in progress on top, then the assigned ones; new ones arrive live. */
export function DriverJobsPage() {
  const jobs = useDriverJobs();
  const settings = usePublicSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [assigned, setAssigned] = useState<Booking | null>(null);
  useDriverOfflineApp();

  useDriverLiveJobs((booking) => {
    const known = jobs.data?.upcoming.some((job) => job.id === booking.id);
    if (known) return;
    setAssigned(booking);
    if (typeof navigator !== 'undefined' && 'vibrate' in navigator)
      navigator.vibrate([200, 100, 200]);
  });

  return (
    <Stack maw={480} mx="auto" w="100%">
      <PageTitle>My Jobs</PageTitle>
      {assigned ? (
        <Alert
          color="blue"
          title="New job assigned"
          withCloseButton
          onClose={() => setAssigned(null)}
          role="alert"
        >
          {formatJobTime(assigned.pickupTime, timeZone)} · {assigned.pickupLocation} →{' '}
          {assigned.dropoffLocation}
        </Alert>
      ) : null}
      {jobs.isPending ? <Loader /> : null}
      {jobs.isError && !jobs.data ? <Alert color="red">{errorMessage(jobs.error)}</Alert> : null}
      {jobs.isError && jobs.data ? (
        <Alert color="yellow" title="No connection">
          Showing your jobs as of{' '}
          {formatJobTime(new Date(jobs.dataUpdatedAt).toISOString(), timeZone)}. Taps are kept and
          sent when the connection returns.
        </Alert>
      ) : null}
      {jobs.data ? (
        <>
          <Title order={2} size="h4">
            Current job
          </Title>
          {jobs.data.current ? (
            <JobCard
              job={jobs.data.current}
              timeZone={timeZone}
              noShowWaitMinutes={jobs.data.noShowWaitMinutes}
            />
          ) : (
            <Text>No job in progress.</Text>
          )}
          <Title order={2} size="h4">
            Upcoming
          </Title>
          {jobs.data.upcoming.length === 0 ? <Text>No upcoming jobs.</Text> : null}
          {jobs.data.upcoming.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              timeZone={timeZone}
              noShowWaitMinutes={jobs.data.noShowWaitMinutes}
            />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
