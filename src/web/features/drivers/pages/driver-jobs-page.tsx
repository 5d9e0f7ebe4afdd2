import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { jobsOfAnswer } from '../../../../domain/bookings/driver-job-rules';
import type { DriverJob, DriverJobsResponse } from '../../../../domain/bookings/driver-jobs';
import { formatJobTime } from '../../../../domain/drivers/job-days';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverHome } from '../api/get-driver-home';
import { useDriverJobs } from '../api/get-driver-jobs';
import { JobCard, type JobTimings } from '../components/job-card';
import { RefusedTapAlert } from '../components/refused-tap-alert';
import {
  useFinishAcknowledgement,
  type FinishAcknowledgement,
} from '../hooks/use-finish-acknowledgement';
import { jobsAsTapped, useTapQueue } from '../hooks/use-tap-queue';
import type { RefusedTap } from '../offline/tap-queue';

/** Refused taps whose job the list no longer shows (reassigned, cancelled): no card tells of them. */
function refusedElsewhere(
  refused: RefusedTap[],
  jobs: DriverJobsResponse | undefined,
): RefusedTap[] {
  if (!jobs) return [];
  const listed = new Set(jobsOfAnswer(jobs).map((job) => job.id));
  return refused.filter((tap) => !listed.has(tap.jobId));
}

/**
 * Current job and Upcoming as one keyed list: a job moving from Upcoming to
 * Current keeps its card (the element under the driver's thumb), only its
 * place changes. The job being worked pins its next step to the bottom of the
 * screen (decision 117): each job in progress, or with none the next one,
 * whose En route starts it. Later jobs' buttons stay in place: two step
 * buttons of different jobs are never both at the bottom of the screen.
 * A job just finished is acknowledged under Current job, where its card was,
 * and the pinned step waits a moment (useFinishAcknowledgement).
 */
function JobSections({
  listed,
  timings,
  timeZone,
  finished,
}: {
  listed: ReturnType<typeof jobsAsTapped>;
  timings: JobTimings;
  timeZone: string;
  finished: FinishAcknowledgement | null;
}) {
  const worked = listed.inProgress.length > 0 ? listed.inProgress : listed.upcoming.slice(0, 1);
  const pinned = new Set(worked.map((job) => job.id));
  const jobCard = (job: DriverJob) => (
    <JobCard
      key={job.id}
      job={job}
      timeZone={timeZone}
      pinsNextStep={pinned.has(job.id)}
      holdNextStep={pinned.has(job.id) && finished?.isHolding ? finished.text : null}
      {...timings}
    />
  );
  return [
    <Title key="current-title" order={2} size="h4">
      Current job
    </Title>,
    ...(finished
      ? [
          <Alert key="finished" color="green" role="status" py="xs">
            {finished.text}
          </Alert>,
        ]
      : []),
    ...(listed.inProgress.length === 0
      ? [<Text key="no-current">No job in progress.</Text>]
      : listed.inProgress.map(jobCard)),
    <Title key="upcoming-title" order={2} size="h4">
      Upcoming
    </Title>,
    ...(listed.upcoming.length === 0
      ? [<Text key="no-upcoming">No upcoming jobs.</Text>]
      : listed.upcoming.map(jobCard)),
  ];
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
  const listed = jobs.data ? jobsAsTapped(jobs.data, queue.waiting) : null;
  const listedJobs = useMemo(() => (jobs.data ? jobsOfAnswer(jobs.data) : null), [jobs.data]);
  const finished = useFinishAcknowledgement(listedJobs, queue.waiting, queue.refused);
  const home = useDriverHome();
  // Taps still work off shift (a shift ended by mistake must not strand a job),
  // but nobody sees the car: the driver is asked to start one.
  const isOffShift = home.data !== undefined && home.data.shift === null;
  const isSuspended = home.data?.driver.status === 'suspended';

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
      {isSuspended && listed && listed.inProgress.length > 0 ? (
        // A suspension hands back every job but the ride on board: no shift to start.
        <Alert color="red" title="You are suspended" role="status">
          <Text size="sm">
            Finish the ride with your passenger on board: Completed still works.
          </Text>
        </Alert>
      ) : null}
      {!isSuspended &&
      isOffShift &&
      listed &&
      listed.inProgress.length + listed.upcoming.length > 0 ? (
        <Alert color="yellow" title="Off shift" role="status">
          <Text size="sm">Dispatch cannot see where you are until you start your shift.</Text>
          <Button component={Link} to={paths.driver} size="lg" mt="xs">
            Start Shift
          </Button>
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
      {jobs.data && listed ? (
        <JobSections
          listed={listed}
          timings={{
            noShowWaitMinutes: jobs.data.noShowWaitMinutes,
            setOffWindowMinutes: jobs.data.setOffWindowMinutes,
          }}
          timeZone={timeZone}
          finished={finished}
        />
      ) : null}
    </Stack>
  );
}
