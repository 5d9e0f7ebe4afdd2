import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepDriverCache } from '../offline/persist-driver-cache';

/**
 * The driver's pages keep working in a dead zone: the last answers are kept
 * on the phone for reopening offline, and in a production build the service
 * worker is installed (app shell, installable app).
 */
export function useDriverOfflineApp(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    keepDriverCache(queryClient);
    if (import.meta.env.PROD) {
      void import('../offline/register-service-worker').then((module) =>
        module.registerDriverServiceWorker(),
      );
    }
  }, [queryClient]);
}
