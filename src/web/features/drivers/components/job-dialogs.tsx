import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { END_SHIFT_LOOKS_AHEAD_MS } from '../../../../domain/bookings/driver-job-rules';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { formatJobDayTime } from '../../../../domain/drivers/job-days';
import { jobInWords } from '../utils/job-changes';

// The job card's two ways to give a job up, a far Arrived, and End Shift
// during a job, each asked in a dialog that names the job: a driver with two
// jobs on screen sees which one they are leaving.

const CLOSE_BUTTON = { size: 'xl', 'aria-label': 'Close' } as const;

function JobNamed({ job, timeZone }: { job: DriverJob; timeZone: string }) {
  return (
    <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
      <Text fw={600}>{formatJobDayTime(job.pickupTime, new Date(), timeZone)}</Text>
      <Text>
        <b>Passenger:</b> {job.passengerName}
      </Text>
      <Text>
        <b>Pickup:</b> {job.pickupLocation}
      </Text>
    </Stack>
  );
}

/** A dialog about one job: its title, the job named, then what it asks. */
function JobDialog({
  job,
  timeZone,
  title,
  opened,
  onClose,
  children,
}: {
  job: DriverJob;
  timeZone: string;
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={CLOSE_BUTTON}>
      <Stack>
        <JobNamed job={job} timeZone={timeZone} />
        {children}
      </Stack>
    </Modal>
  );
}

/**
 * The dialog's action, once per opening: its button stays pressable while
 * the dialog closes, and a second tap would queue a second tap the server
 * then refuses (decision 85's double click).
 */
function useOncePerOpening(opened: boolean, action: () => void): () => void {
  const isDone = useRef(false);
  useEffect(() => {
    if (opened) isDone.current = false;
  }, [opened]);
  return () => {
    if (isDone.current) return;
    isDone.current = true;
    action();
  };
}

/** Decline asks why: dispatch reads the reason when the job comes back to them. */
export function DeclineDialog({
  job,
  timeZone,
  opened,
  onClose,
  onDecline,
}: {
  job: DriverJob;
  timeZone: string;
  opened: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const decline = useOncePerOpening(opened, () => onDecline(reason.trim()));
  return (
    <JobDialog
      job={job}
      timeZone={timeZone}
      title="Decline this job"
      opened={opened}
      onClose={onClose}
    >
      <TextInput
        label="Reason"
        // Decline waits for it: the field says so before the driver wonders why.
        required
        description="Needed to decline: dispatch reads it when the job comes back to them."
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        size="lg"
        data-autofocus
      />
      <Button size="lg" color="red" disabled={!reason.trim()} onClick={decline}>
        Decline
      </Button>
    </JobDialog>
  );
}

/**
 * A no-show closes the job for good and leaves the passenger behind: the
 * driver confirms it, seeing whom, where, and how long they waited. Keep
 * waiting, the close button and a tap outside change nothing.
 */
export function NoShowDialog({
  job,
  timeZone,
  waitMet,
  opened,
  onClose,
  onConfirm,
}: {
  job: DriverJob;
  timeZone: string;
  /** noShowWaitMet's sentence: how long the driver has waited, and since when. */
  waitMet: string | null;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const confirm = useOncePerOpening(opened, onConfirm);
  return (
    <JobDialog
      job={job}
      timeZone={timeZone}
      title="Mark this passenger as a no-show?"
      opened={opened}
      onClose={onClose}
    >
      {waitMet ? <Text>{waitMet}</Text> : null}
      <Text size="sm">The job ends as a no-show. This cannot be undone.</Text>
      <Button size="lg" color="red" onClick={confirm}>
        Mark no-show
      </Button>
      <Button size="lg" variant="default" onClick={onClose} data-autofocus>
        Keep waiting
      </Button>
    </JobDialog>
  );
}

/**
 * Arrived tapped far from the pickup (farFromPickupMeters): Arrived starts
 * the passenger's no-show wait, so the phone asks first. Not refused: GPS can
 * be wrong, and a driver who is there knows it.
 */
export function FarArrivalDialog({
  job,
  timeZone,
  question,
  opened,
  onClose,
  onConfirm,
}: {
  job: DriverJob;
  timeZone: string;
  /** farArrivalQuestion's sentence: how far, and why it matters. */
  question: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const confirm = useOncePerOpening(opened, onConfirm);
  return (
    <JobDialog
      job={job}
      timeZone={timeZone}
      title="Are you at the pickup?"
      opened={opened}
      onClose={onClose}
    >
      <Text>{question}</Text>
      <Button size="lg" variant="default" onClick={onClose} data-autofocus>
        Not there yet
      </Button>
      <Button size="lg" onClick={confirm}>
        I am there: Arrived
      </Button>
    </JobDialog>
  );
}

/**
 * End Shift with a job in progress, or one coming up (jobsComingUp), is asked
 * first. A shift may end during a job (decision 78), but dispatch then loses
 * sight of the car, and the button is one slip of the thumb away. A job
 * coming up stays the driver's: ending the shift hands nothing back, and
 * dispatch sees its driver off shift. With neither it ends at once.
 */
export function EndShiftDialog({
  inProgress,
  comingUp,
  timeZone,
  opened,
  onClose,
  onConfirm,
}: {
  /** The jobs in progress; the first is named. */
  inProgress: readonly DriverJob[];
  /** The jobs coming up, earliest first; the first is named. */
  comingUp: readonly DriverJob[];
  timeZone: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const confirm = useOncePerOpening(opened, onConfirm);
  const started = inProgress[0];
  const next = comingUp[0];
  const job = started ?? next;
  if (!job) return null;
  let title = 'End your shift before this job?';
  if (started) {
    title =
      inProgress.length === 1 ? 'End your shift during this job?' : 'End your shift during jobs?';
  }
  return (
    <JobDialog job={job} timeZone={timeZone} title={title} opened={opened} onClose={onClose}>
      {inProgress.length > 1 ? <Text>You have {inProgress.length} jobs in progress.</Text> : null}
      {started ? (
        <Text size="sm">
          You can still finish the job, but dispatch will not see where you are until you start a
          shift again.
        </Text>
      ) : null}
      {started && next ? (
        <Text size="sm">
          {jobInWords(next, new Date(), timeZone)} stays yours too: start a shift before its pickup.
        </Text>
      ) : null}
      {!started && comingUp.length > 1 ? (
        <Text>
          You have {comingUp.length} jobs due in the next {END_SHIFT_LOOKS_AHEAD_MS / 3_600_000}{' '}
          hours.
        </Text>
      ) : null}
      {!started ? (
        <Text size="sm">
          {comingUp.length === 1 ? 'The job stays yours' : 'They stay yours'}: start a shift again
          before the pickup, or call dispatch if you cannot do it.
        </Text>
      ) : null}
      <Button size="lg" color="red" onClick={confirm}>
        End Shift
      </Button>
      <Button size="lg" variant="default" onClick={onClose} data-autofocus>
        Keep shift open
      </Button>
    </JobDialog>
  );
}
