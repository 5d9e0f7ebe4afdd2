import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
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
import { LEAVE_REASON_MAX, type ScheduleResponse } from '../../../../domain/drivers';
import { formatTimeOfDay } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useAddLeave, useRemoveLeave, useSchedule } from '../api/schedule';

function dayLabel(date: string): string {
  return format(parseISO(date), 'EEE d MMM');
}

type Shift = ScheduleResponse['drivers'][number]['days'][number]['shifts'][number];

/** '6:00 am – 2:30 pm', or '6:00 am – on shift' while it is open. */
function shiftLabel(shift: Shift, timeZone: string): string {
  const end = shift.endedAt ? formatTimeOfDay(shift.endedAt, timeZone) : 'on shift';
  return `${formatTimeOfDay(shift.startedAt, timeZone)} – ${end}`;
}

function LeaveForm({ schedule, onDone }: { schedule: ScheduleResponse; onDone: () => void }) {
  const addLeave = useAddLeave();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      driverId: schedule.drivers[0]?.id ?? '',
      startsOn: schedule.days[0] ?? '',
      endsOn: schedule.days[0] ?? '',
      reason: '',
    },
  });
  const handleSubmit = form.onSubmit(async ({ driverId, ...leave }) => {
    setFormError(null);
    try {
      await addLeave.mutateAsync({ driverId, leave });
      notifications.show({ color: 'green', title: 'Leave saved', message: leave.reason });
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
        {schedule.data && <LeaveForm schedule={schedule.data} onDone={() => setAdding(false)} />}
      </Modal>
    </>
  );
}
