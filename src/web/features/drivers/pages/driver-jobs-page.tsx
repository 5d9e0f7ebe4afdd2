import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { DriverJobsResponse } from '../../../../domain/bookings/driver-jobs';
import { formatJobTime } from '../../../../domain/drivers/job-days';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverJobs } from '../api/get-driver-jobs';
import { JobCard } from '../components/job-card';
import { RefusedTapAlert } from '../components/refused-tap-alert';
import { useTapQueue } from '../hooks/use-tap-queue';
import type { RefusedTap } from '../offline/tap-queue';

/** Refused taps whose job the list no longer shows (reassigned, cancelled): no card tells of them. */
function refusedElsewhere(
  refused: RefusedTap[],
  jobs: DriverJobsResponse | undefined,
): RefusedTap[] {
  if (!jobs) return [];
  const listed = new Set([jobs.current, ...jobs.upcoming].flatMap((job) => (job ? [job.id] : [])));
  return refused.filter((tap) => !listed.has(tap.jobId));
}

/**
 * /driver/jobs: the job in progress on top, then the assigned ones (new ones
 * arrive live, announced by the driver layout), and the taps the server
 * refused for jobs that have left the list.
 */
export function DriverJobsPage() {
  const jobs = useDriverJobs();
  const queue = useTapQueue();
  const timeZone = useBusinessTimeZone();
  const notSent = refusedElsewhere(queue.refused, jobs.data);

  return (
    <Stack maw={480} mx="auto" w="100%">
      <PageTitle>My Jobs</PageTitle>
      {notSent.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Not sent">
          <Title order={2} size="h4">
            Not sent
          </Title>
          {notSent.map((tap) => (
            <RefusedTapAlert
              key={tap.key}
              tap={tap}
              withJob
              onDismiss={() => void queue.dismiss(tap.key)}
            />
          ))}
        </Stack>
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
