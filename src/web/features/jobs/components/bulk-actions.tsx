import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { BOOKING_STATUS_OPTIONS, type BookingStatus } from '../../../../domain/bookings/status';
import type { AssignBlock } from '../../../../domain/drivers/assign-block';
import type { BulkJobResult, BulkJobsInput } from '../../../../domain/jobs';
import { errorMessage } from '../../../lib/api-client';
import { useBulkJobs } from '../api/bulk-jobs';

type BulkActionsProps = {
  selectedIds: string[];
  /** `block`: why the driver cannot be given a job now (assignBlock); null: they can. */
  drivers: { value: string; label: string; block?: AssignBlock | null }[];
  onDone: (results: BulkJobResult[]) => void;
};

/** A driver who cannot work is marked with why, cannot be picked, and comes last. */
function assignOptions(drivers: BulkActionsProps['drivers']) {
  return drivers
    .map((driver) => ({
      value: driver.value,
      label: driver.block ? `${driver.label} (${driver.block})` : driver.label,
      disabled: Boolean(driver.block),
    }))
    .sort((a, b) => Number(a.disabled) - Number(b.disabled));
}

/** Assign, change status or cancel the selected jobs: one request, a result per row. */
export function BulkActions({ selectedIds, drivers, onDone }: BulkActionsProps) {
  const bulk = useBulkJobs();
  const [driverId, setDriverId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');

  function run(action: BulkJobsInput['action']) {
    bulk.mutate({ ids: selectedIds, action }, { onSuccess: ({ results }) => onDone(results) });
  }

  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-gray-0)">
      <Group gap="sm" align="flex-end">
        <Text fw={700} size="sm">
          {selectedIds.length} selected
        </Text>
        <Select
          aria-label="Driver to assign"
          placeholder="Driver"
          data={assignOptions(drivers)}
          value={driverId}
          onChange={setDriverId}
          searchable
          size="xs"
          w={200}
        />
        <Button
          size="xs"
          disabled={!driverId || bulk.isPending}
          onClick={() => driverId && run({ type: 'assign', driverId })}
        >
          Assign to driver
        </Button>
        <Select
          aria-label="New status"
          placeholder="Status"
          data={BOOKING_STATUS_OPTIONS.filter((item) => item.value !== 'cancelled')}
          value={status}
          onChange={setStatus}
          size="xs"
          w={150}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!status || bulk.isPending}
          onClick={() => status && run({ type: 'status', status: status as BookingStatus })}
        >
          Change status
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setCancelOpen(true)}>
          Cancel jobs
        </Button>
      </Group>
      {bulk.isError ? (
        <Alert color="red" mt="xs" title="The bulk action failed">
          {errorMessage(bulk.error)}
        </Alert>
      ) : null}
      <Modal
        opened={isCancelOpen}
        onClose={() => setCancelOpen(false)}
        title={`Cancel ${selectedIds.length} jobs`}
      >
        <Stack>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelOpen(false)}>
              Keep jobs
            </Button>
            <Button
              color="red"
              disabled={!reason.trim() || bulk.isPending}
              onClick={() => {
                run({ type: 'cancel', reason: reason.trim() });
                setCancelOpen(false);
                setReason('');
              }}
            >
              Cancel jobs
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** What the last bulk action did, row by row. */
export function BulkResults({
  results,
  onClose,
}: {
  results: BulkJobResult[];
  onClose: () => void;
}) {
  const done = results.filter((row) => row.isDone).length;
  return (
    <Alert
      color={done === results.length ? 'green' : 'yellow'}
      title={`${done} of ${results.length} done`}
      withCloseButton
      onClose={onClose}
    >
      <List size="sm" spacing={2}>
        {results.map((row) => (
          <List.Item key={row.id}>
            #{row.reference ?? row.id}: {row.isDone ? 'done' : 'not changed'}
            {row.message ? ` (${row.message})` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
