import { useEffect, useRef, useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { playAlertSound, unlockAlertSound, vibrateForAlert } from '../utils/alert-signal';
import { useDriverLiveJobs } from './use-driver-live-jobs';

/**
 * Whether a live booking event is a job just given to this driver: assigned
 * to them, not yet accepted, and not one of the jobs their phone lists
 * already (an update to a known job, e.g. their own Accept, is no news).
 */
export function isNewAssignment(
  booking: Booking,
  driverId: string | null,
  listedJobIds: ReadonlySet<string> | null,
): boolean {
  if (booking.status !== 'assigned' || booking.acknowledgedAt) return false;
  if (driverId !== null && booking.driver?.id !== driverId) return false;
  return !listedJobIds?.has(booking.id);
}

/**
 * The new-job alert of every driver screen: a job dispatch gives the driver
 * arrives over the live events and is shown, with a vibration and a beep
 * where the browser allows them. Each job is announced once.
 */
export function useNewJobAlert(driverId: string | null, listedJobIds: ReadonlySet<string> | null) {
  const [assigned, setAssigned] = useState<Booking | null>(null);
  const announced = useRef(new Set<string>());
  const context = useRef({ driverId, listedJobIds });
  context.current = { driverId, listedJobIds };

  // Once listed, the list keeps it from being announced again; should it
  // leave (reassigned) and come back later, that is news again.
  useEffect(() => {
    for (const id of announced.current) if (listedJobIds?.has(id)) announced.current.delete(id);
  }, [listedJobIds]);

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

  useDriverLiveJobs((booking) => {
    const { driverId: me, listedJobIds: listed } = context.current;
    if (announced.current.has(booking.id) || !isNewAssignment(booking, me, listed)) return;
    announced.current.add(booking.id);
    setAssigned(booking);
    vibrateForAlert();
    playAlertSound();
  });

  return { assigned, dismiss: () => setAssigned(null) };
}
