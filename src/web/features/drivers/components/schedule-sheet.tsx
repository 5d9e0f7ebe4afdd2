import { Card, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { jobsOfAnswer } from '../../../../domain/bookings/driver-job-rules';
import { formatJobTime, groupJobsByDay } from '../../../../domain/drivers/job-days';
import { useDriverJobs } from '../api/get-driver-jobs';

/** 'View Schedule': the driver's upcoming jobs grouped by day. */
export function ScheduleSheet({
  opened,
  onClose,
  timeZone,
}: {
  opened: boolean;
  onClose: () => void;
  timeZone: string;
}) {
  const jobs = useDriverJobs();
  const upcoming = jobs.data ? jobsOfAnswer(jobs.data) : [];
  const groups = groupJobsByDay(upcoming, new Date(), timeZone);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="85%"
      title="Schedule"
      closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}
    >
      {jobs.isPending ? <Loader /> : null}
      {jobs.data && groups.length === 0 ? <Text>No upcoming jobs.</Text> : null}
      <Stack>
        {groups.map((group) => (
          <Stack key={group.label} gap="xs">
            <Title order={3} size="h5">
              {group.label}
            </Title>
            {group.jobs.map((job) => (
              <Card key={job.id} withBorder padding="sm">
                <Text fw={700}>{formatJobTime(job.pickupTime, timeZone)}</Text>
                <Text>
                  {job.pickupLocation} → {job.dropoffLocation}
                </Text>
                <Text size="sm" c="gray.7">
                  {job.passengerName}
                </Text>
              </Card>
            ))}
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}
