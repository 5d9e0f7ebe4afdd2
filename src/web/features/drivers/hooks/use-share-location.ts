import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  SEND_AT_MOST_EVERY_MS,
  shouldSendPosition,
  type SentPosition,
} from '../../../../domain/drivers/location-throttle';
import { DRIVER_HOME_QUERY_KEY } from '../api/get-driver-home';
import { sendLocation, type PositionReport } from '../api/send-location';

export type LocationSharing =
  | { state: 'off' }
  | { state: 'waiting' }
  | { state: 'sharing'; lastSentAt: number | null; accuracy: number | null }
  | { state: 'denied' }
  | { state: 'unavailable'; message: string };

/** Where the phone last said it was, and when (ms since the epoch). */
export type PhonePosition = { lat: number; lng: number; at: number };

export type ShiftLocation = {
  sharing: LocationSharing;
  /** The latest reading, sent or not, read when asked (a tap), without a render per reading. */
  positionNow: () => PhonePosition | null;
};

/**
 * What keeps the phone sharing: the open shift, else a ride with the passenger
 * aboard. A suspended driver finishing that ride is off shift (decision 195),
 * as is a driver who ended the shift mid-ride: dispatch still sees the car
 * until the passenger is out. Null: nothing to share for.
 */
export function sharingKeyOf(
  shiftId: string | null,
  jobs: readonly { id: string; status: string }[] | null,
): string | null {
  if (shiftId) return shiftId;
  const onBoard = jobs?.find((job) => job.status === 'on-board');
  return onBoard ? `on-board-${onBoard.id}` : null;
}

/**
 * While `sharingKey` is set (sharingKeyOf), watches the phone's position and
 * sends it when the driver has moved 25 m or every 15 s, never faster than
 * every 5 s, nor sooner than 5 s after a try that failed; stops when the key
 * goes (null: the shift ended, the ride is over) or the driver app closes. Mounted once, by the driver layout, so it
 * goes on whichever driver screen is open.
 */
export function useShareLocation(sharingKey: string | null): ShiftLocation {
  const [sharing, setSharing] = useState<LocationSharing>({ state: 'off' });
  const latest = useRef<PhonePosition | null>(null);
  const queryClient = useQueryClient();
  const positionNow = useCallback(() => latest.current, []);

  useEffect(() => {
    latest.current = null;
    if (!sharingKey) {
      setSharing({ state: 'off' });
      return;
    }
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setSharing({ state: 'unavailable', message: 'This device cannot share its location.' });
      return;
    }
    setSharing({ state: 'waiting' });
    // Per shift: a new shift sends its first position at once.
    let lastSent: SentPosition | null = null;
    let lastFailedAt: number | null = null;
    let reading: PositionReport | null = null;
    let isSending = false;
    let isStopped = false;

    async function maybeSend() {
      const report = reading;
      if (!report || isSending || isStopped) return;
      const now = Date.now();
      if (!shouldSendPosition(lastSent, report, now, lastFailedAt)) return;
      isSending = true;
      try {
        await sendLocation(report);
        lastSent = { position: { lat: report.lat, lng: report.lng }, at: now };
        lastFailedAt = null;
        if (isStopped) return;
        void queryClient.invalidateQueries({ queryKey: DRIVER_HOME_QUERY_KEY });
        setSharing({ state: 'sharing', lastSentAt: now, accuracy: report.accuracy ?? null });
      } catch {
        // Offline or refused: the next reading or tick tries again, 5 s on at the soonest.
        lastFailedAt = now;
      } finally {
        isSending = false;
      }
    }

    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        const { latitude, longitude, accuracy, heading } = position.coords;
        latest.current = { lat: latitude, lng: longitude, at: position.timestamp };
        reading = {
          lat: latitude,
          lng: longitude,
          accuracy: Number.isFinite(accuracy) ? accuracy : null,
          heading: heading !== null && Number.isFinite(heading) ? heading : null,
        };
        void maybeSend();
      },
      (error) => {
        if (isStopped) return;
        setSharing(
          error.code === error.PERMISSION_DENIED
            ? { state: 'denied' }
            : { state: 'unavailable', message: 'No GPS signal yet. Your shift still works.' },
        );
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    // Standing still, the phone may report nothing new: the 15 s send comes from here.
    const tick = window.setInterval(() => void maybeSend(), SEND_AT_MOST_EVERY_MS);
    return () => {
      isStopped = true;
      navigator.geolocation.clearWatch(watchId);
      window.clearInterval(tick);
    };
  }, [sharingKey, queryClient]);

  // One value per change of state: the screens reading it render when it changes, not per layout render.
  return useMemo(() => ({ sharing, positionNow }), [sharing, positionNow]);
}
