import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { playAlertSound, unlockAlertSound, vibrateForAlert } from '../utils/alert-signal';

/** What the alert needs of a job; a live booking event and a listed job both have it. */
export type AnnouncedJob = Pick<
  Booking,
  | 'id'
  | 'status'
  | 'acknowledgedAt'
  | 'driver'
  | 'pickupTime'
  | 'pickupLocation'
  | 'dropoffLocation'
>;

/**
 * Whether a job is one just given to this driver: assigned to them, not yet
 * accepted, and not one of the jobs their phone lists already (an update to
 * a known job, e.g. their own Accept, is no news).
 */
export function isNewAssignment(
  job: AnnouncedJob,
  driverId: string | null,
  listedJobIds: ReadonlySet<string> | null,
): boolean {
  if (job.status !== 'assigned' || job.acknowledgedAt) return false;
  if (driverId !== null && job.driver?.id !== driverId) return false;
  return !listedJobIds?.has(job.id);
}

/**
 * The new-job alert of every driver screen: a job dispatch gives the driver
 * arrives over the live events (passed to `onBooking`) and is shown, with a vibration and a beep
 * where the browser allows them. A job given while the phone was between
 * connections (its event missed) is announced when the list, read again on
 * reconnecting, first shows it. The jobs listed when the app opens are not
 * news. Each job is announced once.
 *
 * The alert goes by itself once the job is no news: the driver has answered
 * it (`answeredJobIds`: an Accept or Decline tap, sent or still waiting for a
 * connection), or dispatch has taken it away (unassigned, cancelled, given to
 * another driver: its live event says so, or the list that showed it no
 * longer does).
 */
export function useNewJobAlert(
  driverId: string | null,
  listedJobs: readonly AnnouncedJob[] | null,
  answeredJobIds: ReadonlySet<string>,
) {
  const [assigned, setAssigned] = useState<AnnouncedJob | null>(null);
  const announced = useRef(new Set<string>());
  const driverIdNow = useRef(driverId);
  driverIdNow.current = driverId;
  const listedIds = useRef<ReadonlySet<string> | null>(null);

  const announce = useCallback((job: AnnouncedJob) => {
    announced.current.add(job.id);
    setAssigned(job);
    vibrateForAlert();
    playAlertSound();
  }, []);

  /** The job is no longer the driver's to answer: its alert goes; given back later, it is news again. */
  const withdraw = useCallback((jobId: string) => {
    announced.current.delete(jobId);
    setAssigned((shown) => (shown?.id === jobId ? null : shown));
  }, []);

  useEffect(() => {
    if (!listedJobs) return;
    const before = listedIds.current;
    const now = new Set(listedJobs.map((job) => job.id));
    listedIds.current = now;
    // Left the list it was on, or listed as accepted or under way (accepted
    // on another phone, moved on by dispatch); the list holds only their jobs.
    const left = before ? [...before].filter((id) => !now.has(id)) : [];
    const answered = listedJobs.filter((job) => !isNewAssignment(job, null, null));
    for (const id of [...left, ...answered.map((job) => job.id)]) withdraw(id);
    if (before) {
      const missed = listedJobs.find(
        (job) =>
          !announced.current.has(job.id) && isNewAssignment(job, driverIdNow.current, before),
      );
      if (missed) announce(missed);
    }
    // Once listed, the list keeps it from being announced again; should it
    // leave (reassigned) and come back later, that is news again.
    for (const id of announced.current) if (now.has(id)) announced.current.delete(id);
  }, [listedJobs, announce, withdraw]);

  // Audio may start only inside a touch or key press: the first one unlocks it.
  useEffect(() => {
    const unlock = () => unlockAlertSound();
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  /** A live booking event (useDriverLiveJobs): announces a job given to the driver, withdraws one taken. */
  const onBooking = useCallback(
    (booking: Booking) => {
      // Declined, accepted, moved on, cancelled or given to someone else: no news now.
      if (!isNewAssignment(booking, driverIdNow.current, null)) {
        withdraw(booking.id);
        return;
      }
      if (announced.current.has(booking.id)) return;
      if (isNewAssignment(booking, driverIdNow.current, listedIds.current)) announce(booking);
    },
    [announce, withdraw],
  );

  const isAnswered = assigned !== null && answeredJobIds.has(assigned.id);
  return { assigned: isAnswered ? null : assigned, dismiss: () => setAssigned(null), onBooking };
}
