import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { addDays, format, parseISO } from 'date-fns';
import { CalendarOff, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { dayInZone } from '../../../../domain/bookings/wall-time';
import {
  LEAVE_REASON_MAX,
  leaveClashMessage,
  type ScheduleResponse,
} from '../../../../domain/drivers';
import { formatTimeOfDay, WEEKDAY_DATE_FORMAT } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import {
  useAddLeave,
  useLeaveClashes,
  useRemoveLeave,
  useSchedule,
  type AddLeaveAnswer,
} from '../api/schedule';

function dayLabel(date: string): string {
  return format(parseISO(date), WEEKDAY_DATE_FORMAT);
}

type Shift = ScheduleResponse['drivers'][number]['days'][number]['shifts'][number];

/** '6:00 am – 2:30 pm', or '6:00 am – on shift' while it is open. */
function shiftLabel(shift: Shift, timeZone: string): string {
  const end = shift.endedAt ? formatTimeOfDay(shift.endedAt, timeZone) : 'on shift';
  return `${formatTimeOfDay(shift.startedAt, timeZone)} – ${end}`;
}

/** What the save did with the jobs in the leave: returned to dispatch, or kept (still a clash). */
function notifySaved(answer: AddLeaveAnswer, driverName: string, timeZone: string) {
  const returned = answer.jobs.filter((job) => job.returned);
  const kept = answer.jobs.filter((job) => !job.returned);
  const count = (n: number) => `${n} job${n === 1 ? '' : 's'}`;
  notifications.show({
    color: 'green',
    title: 'Leave saved',
    message:
      returned.length > 0
        ? `${answer.leave.reason}. ${count(returned.length)} returned to dispatch: ${returned
            .map((job) => job.reference)
            .join(', ')}.`
        : answer.leave.reason,
  });
  if (kept.length > 0) {
    notifications.show({
      color: 'yellow',
      title: 'Jobs still assigned in this leave',
      message: `${leaveClashMessage(driverName, kept, timeZone)} Reassign or return them from Dispatch.`,
      autoClose: false,
      priority: BACKGROUND_NOTICE_PRIORITY,
    });
  }
}

/**
 * Mark Unavailable: the leave's days start today or later by default. The
 * driver's assigned jobs on those days are named as the range is entered and,
 * unless the admin unticks it, go back to dispatch with the same save.
 */
function LeaveForm({
  schedule,
  timeZone,
  onDone,
}: {
  schedule: ScheduleResponse;
  timeZone: string;
  onDone: () => void;
}) {
  const addLeave = useAddLeave();
  const [formError, setFormError] = useState<string | null>(null);
  const [firstDay] = useState(() => {
    const today = dayInZone(new Date(), timeZone);
    const weekStart = schedule.days[0] ?? today;
    return weekStart > today ? weekStart : today;
  });
  const form = useForm({
    initialValues: {
      driverId: schedule.drivers[0]?.id ?? '',
      startsOn: firstDay,
      endsOn: firstDay,
      reason: '',
      returnJobs: true,
    },
  });
  const { driverId, startsOn, endsOn } = form.values;
  const driverName = schedule.drivers.find((driver) => driver.id === driverId)?.name ?? '';
  const clashes = useLeaveClashes(driverId, startsOn, endsOn).data?.jobs ?? [];
  const handleSubmit = form.onSubmit(async ({ driverId, ...leave }) => {
    setFormError(null);
    try {
      const answer = await addLeave.mutateAsync({ driverId, leave });
      notifySaved(answer, driverName, timeZone);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) form.setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <NativeSelect
          label="Driver"
          data={schedule.drivers.map((driver) => ({ value: driver.id, label: driver.name }))}
          {...form.getInputProps('driverId')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="From" type="date" {...form.getInputProps('startsOn')} />
          <TextInput label="To" type="date" {...form.getInputProps('endsOn')} />
        </SimpleGrid>
        <TextInput
          label="Reason"
          placeholder="Annual leave"
          withAsterisk
          maxLength={LEAVE_REASON_MAX}
          {...form.getInputProps('reason')}
        />
        {clashes.length > 0 && (
          <Alert color="yellow" role="status" aria-label="Jobs in this leave">
            <Text size="sm">{leaveClashMessage(driverName, clashes, timeZone)}</Text>
            <Checkbox
              mt="xs"
              label="Return these jobs to dispatch"
              description="They go back to pending, flagged for a new driver. Untick to keep them assigned."
              {...form.getInputProps('returnJobs', { type: 'checkbox' })}
            />
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={addLeave.isPending}>
            Save Leave
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/schedules (Driver Schedules): each driver's shifts and jobs per day of
 * a week and their leave; dispatch cannot assign a driver a job on a day of leave.
 */
export function DriverSchedulesPage() {
  const [weekOf, setWeekOf] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const schedule = useSchedule(weekOf);
  const timeZone = useBusinessTimeZone();
  const removeLeave = useRemoveLeave();
  const days = schedule.data?.days ?? [];
  const moveWeek = (by: number) =>
    days[0] && setWeekOf(format(addDays(parseISO(days[0]), by * 7), 'yyyy-MM-dd'));

  return (
    <>
      <PageTitle>Driver Schedules</PageTitle>
      <Text c="dimmed" mt={-8} mb="lg">
        Shifts worked (from Start Shift to End Shift in the driver app), jobs per driver and day,
        and leave.{' '}
        <Anchor component={Link} to={paths.adminDrivers}>
          Drivers
        </Anchor>
      </Text>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="Previous week" onClick={() => moveWeek(-1)}>
            <ChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600}>
            {days.length > 0 ? `${dayLabel(days[0]!)} – ${dayLabel(days[6]!)}` : '…'}
          </Text>
          <ActionIcon variant="default" aria-label="Next week" onClick={() => moveWeek(1)}>
            <ChevronRight size={16} />
          </ActionIcon>
        </Group>
        <Button
          leftSection={<CalendarOff size={16} />}
          onClick={() => setAdding(true)}
          disabled={!schedule.data}
        >
          Mark Unavailable
        </Button>
      </Group>
      <Paper withBorder radius="md">
        {schedule.isPending ? (
          <Center py={60} role="status">
            <Loader />
            <VisuallyHidden>Loading the schedule</VisuallyHidden>
          </Center>
        ) : schedule.isError ? (
          <Alert color="red" role="alert" m="md">
            {errorMessage(schedule.error)}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Driver</Table.Th>
                  {days.map((day) => (
                    <Table.Th key={day}>{dayLabel(day)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schedule.data.drivers.map((driver) => (
                  <Table.Tr key={driver.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${paths.adminDrivers}/${driver.id}`}>
                        {driver.name}
                      </Anchor>
                    </Table.Td>
                    {driver.days.map((day) => (
                      <Table.Td key={day.date}>
                        {day.leave ? (
                          <Stack gap={4} align="flex-start">
                            <Badge
                              color="orange"
                              variant="light"
                              rightSection={
                                <ActionIcon
                                  size="xs"
                                  variant="transparent"
                                  color="orange"
                                  aria-label={`Remove leave of ${driver.name}: ${day.leave.reason}`}
                                  onClick={() =>
                                    removeLeave.mutate({
                                      driverId: driver.id,
                                      leaveId: day.leave!.id,
                                    })
                                  }
                                >
                                  <X size={10} />
                                </ActionIcon>
                              }
                            >
                              {day.leave.reason}
                            </Badge>
                            {day.jobs > 0 && (
                              <Text size="xs" c="orange.9" fw={500}>
                                {`${day.jobs} job${day.jobs === 1 ? '' : 's'} in leave`}
                              </Text>
                            )}
                          </Stack>
                        ) : (
                          <Stack gap={2}>
                            {day.shifts.map((shift) => (
                              <Text key={shift.startedAt} size="xs" fw={500}>
                                {shiftLabel(shift, timeZone)}
                              </Text>
                            ))}
                            <Text
                              size="sm"
                              c={day.jobs === 0 && day.shifts.length === 0 ? 'dimmed' : undefined}
                            >
                              {day.jobs === 0
                                ? day.shifts.length === 0
                                  ? '—'
                                  : 'No jobs'
                                : `${day.jobs} job${day.jobs === 1 ? '' : 's'}`}
                            </Text>
                          </Stack>
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Modal
        opened={isAdding}
        onClose={() => setAdding(false)}
        title="Mark Unavailable"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {schedule.data && (
          <LeaveForm schedule={schedule.data} timeZone={timeZone} onDone={() => setAdding(false)} />
        )}
      </Modal>
    </>
  );
}
