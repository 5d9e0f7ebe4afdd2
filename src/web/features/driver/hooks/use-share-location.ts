import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
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

const TICK_MS = 5_000;

/**
 * While on shift, watches the phone's position and sends it when the driver
 * has moved 25 m or every 15 s, never faster than every 5 s; stops when off.
 */
export function useShareLocation(onShift: boolean): LocationSharing {
  const [sharing, setSharing] = useState<LocationSharing>({ state: 'off' });
  const lastSent = useRef<SentPosition | null>(null);
  const reading = useRef<PositionReport | null>(null);
  const sending = useRef(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!onShift) {
      setSharing({ state: 'off' });
      return;
    }
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setSharing({ state: 'unavailable', message: 'This device cannot share its location.' });
      return;
    }
    setSharing({ state: 'waiting' });
    let stopped = false;

    async function maybeSend() {
      const report = reading.current;
      if (!report || sending.current || stopped) return;
      const now = Date.now();
      if (!shouldSendPosition(lastSent.current, report, now)) return;
      sending.current = true;
      try {
        await sendLocation(report);
        lastSent.current = { position: { lat: report.lat, lng: report.lng }, at: now };
        void queryClient.invalidateQueries({ queryKey: DRIVER_HOME_QUERY_KEY });
        if (!stopped) {
          setSharing({ state: 'sharing', lastSentAt: now, accuracy: report.accuracy ?? null });
        }
      } catch {
        // Offline or refused: the next reading or tick tries again.
      } finally {
        sending.current = false;
      }
    }

    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        const { latitude, longitude, accuracy, heading } = position.coords;
        reading.current = {
          lat: latitude,
          lng: longitude,
          accuracy: Number.isFinite(accuracy) ? accuracy : null,
          heading: heading !== null && Number.isFinite(heading) ? heading : null,
        };
        void maybeSend();
      },
      (error) => {
        if (stopped) return;
        setSharing(
          error.code === error.PERMISSION_DENIED
            ? { state: 'denied' }
            : { state: 'unavailable', message: 'No GPS signal yet. Your shift still works.' },
        );
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    const tick = window.setInterval(() => void maybeSend(), TICK_MS);
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watchId);
      window.clearInterval(tick);
    };
  }, [onShift, queryClient]);

  return sharing;
}
